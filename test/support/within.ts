// A promise raced against a timer, for tests that must show a call returns
// (or throws) rather than hangs: its value or error, or 'hung'.

/** `p` settled within `ms`, or 'hung'. */
export const within = <T>(p: Promise<T>, ms: number): Promise<{ v: T } | { e: unknown } | 'hung'> =>
  Promise.race([
    p.then(
      (v) => ({ v }),
      (e: unknown) => ({ e }),
    ),
    new Promise<'hung'>((r) => setTimeout(() => r('hung'), ms)),
  ]);
