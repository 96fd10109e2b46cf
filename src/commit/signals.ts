// SIGINT and SIGTERM during a commit (Ctrl-C, an agent's timeout): the commit
// stops at its next step, rolls back, and only then does the process go the
// way the signal asked. Dying halfway would leave the rollback to the next run.
//
// The CLI also holds them once a commit has begun until its report is out
// (holdSignalsUntilReported): a signal that lands while the report of a
// committed change is being written would otherwise end the process with the
// files changed and half a report on stdout. Before any commit nothing is
// held, so Ctrl-C during planning ends the run at once.

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type Sig = (typeof SIGNALS)[number];

export interface DeferredSignals {
  /** The signal received since the commit began, if any. */
  caught(): Sig | undefined;
  /** Stop deferring; re-raise a caught signal when nothing else listens for it. */
  release(): void;
}

/** Listeners kept past a commit's end while a report hold is on, and the signal they caught. */
interface Hold {
  got?: Sig;
  handlers: (readonly [Sig, () => void])[];
}

let hold: Hold | undefined;

const BUN = (process.versions as { bun?: string }).bun !== undefined;

/** Re-raise `sig` once nothing else listens for it: the process ends as killed by it, as its sender expects. */
function reraise(sig: Sig | undefined): void {
  // Deferred one turn, so a report written synchronously gets out first.
  if (sig && process.listenerCount(sig) === 0) setImmediate(() => process.kill(process.pid, sig));
}

export function deferSignals(): DeferredSignals {
  let got: Sig | undefined;
  const held = hold;
  const handlers = SIGNALS.map((sig) => {
    const h = () => {
      got ??= sig;
      if (held) held.got ??= sig;
    };
    process.on(sig, h);
    return [sig, h] as const;
  });
  return {
    caught: () => got,
    release() {
      if (held && hold === held) {
        // The report is not out yet: its hold keeps listening and re-raises at its end.
        held.handlers.push(...handlers);
        return;
      }
      for (const [sig, h] of handlers) process.removeListener(sig, h);
      reraise(got);
    },
  };
}

/**
 * From now until `end()`, a signal that arrives once a commit has begun is
 * held until the caller has written its report; `end()` then lets it take
 * effect. `wait`: what must finish first (output still queued on a stream).
 */
export function holdSignalsUntilReported(): { end(wait?: Promise<void>): Promise<void> } {
  const mine: Hold = { handlers: [] };
  hold = mine;
  return {
    async end(wait) {
      // A signal that came while the report was written synchronously reaches its listener only
      // when the event loop next polls: let it, or removing the listeners below would drop it. Under
      // Node two turns, since this may run from the poll phase itself (after a write through the thread
      // pool), whose check phase comes before the next poll; Bun's one turn polls, and a second costs it
      // a few milliseconds on every committed run (bench/house.md).
      if (mine.handlers.length > 0) await new Promise((turn) => setImmediate(BUN ? turn : () => setImmediate(turn)));
      if (hold === mine) hold = undefined;
      if (mine.got) await wait;
      for (const [sig, h] of mine.handlers) process.removeListener(sig, h);
      reraise(mine.got);
    },
  };
}
