// Which UTF-16 units String.prototype.trim removes, for comparisons that read
// offsets in place instead of trimming strings.

/**
 * Exactly the characters String.prototype.trim removes (ECMAScript WhiteSpace
 * and LineTerminator), so the offset-based comparisons agree with trim() and
 * trimEnd() on every input (a unit test checks all of UTF-16).
 */
export function isTrimmable(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return (
    c === 160 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
