// Unicode-property patterns (\p{...}) compile into large character tables:
// compiled at load, every start would pay for them, while most runs never
// test a character against them.

export interface LazyRegExp {
  test(s: string): boolean;
}

/** A RegExp compiled on its first test (no `g` or `y` flag: test() then keeps no state). */
export function lazyRegExp(source: string, flags = 'u'): LazyRegExp {
  let re: RegExp | undefined;
  return { test: (s) => (re ??= new RegExp(source, flags)).test(s) };
}
