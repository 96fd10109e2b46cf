// SIGINT and SIGTERM during a commit (Ctrl-C, an agent's timeout): the commit
// stops at its next step, rolls back, and only then does the process go the
// way the signal asked. Dying halfway would leave the rollback to the next run.

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type Sig = (typeof SIGNALS)[number];

export interface DeferredSignals {
  /** The signal received since the commit began, if any. */
  caught(): Sig | undefined;
  /** Stop deferring; re-raise a caught signal when nothing else listens for it. */
  release(): void;
}

export function deferSignals(): DeferredSignals {
  let got: Sig | undefined;
  const handlers = SIGNALS.map((sig) => {
    const h = () => {
      got ??= sig;
    };
    process.on(sig, h);
    return [sig, h] as const;
  });
  return {
    caught: () => got,
    release() {
      for (const [sig, h] of handlers) process.removeListener(sig, h);
      // With no listener left the default action applies: the process ends
      // as killed by that signal, which is what the sender expects.
      // Deferred one turn, so the report of the rolled-back commit (written
      // synchronously by the CLI) usually gets out first.
      const sig = got;
      if (sig && process.listenerCount(sig) === 0) setImmediate(() => process.kill(process.pid, sig));
    },
  };
}
