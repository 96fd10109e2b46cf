// Whether the process that took a lock still runs, in a way that holds in
// containers. A pid alone names another process in another PID namespace
// (a container's pid 1 is every container's), and after a reboot; so a
// holder is recorded as its kernel's boot id, its PID namespace (the inode
// of /proc/self/ns/pid), its pid, its start time (/proc/<pid>/stat field 22,
// which a reused pid does not share) and its host name. Then:
//   - same boot and namespace: alive exactly when /proc/<pid> exists with the
//     recorded start time (this process itself: when the lock is one it
//     holds now, so a lock left by an earlier run with our pid is stale);
//   - same host, another boot: it ran before a reboot, dead;
//   - another namespace on this kernel, or another host: it cannot be seen
//     from here, so it is never taken for dead (the waiter gives up naming it),
//     unless the time its lock records says no live holder wrote it
//     (recordedTimeStale, for the root's lock and its waiters' files).
// Without /proc (macOS), kill(pid, 0) on the same host is all there is.

import { readFileSync, readlinkSync } from 'node:fs';
import { hostname, uptime } from 'node:os';

export interface Holder {
  boot: string;
  ns: string;
  pid: number;
  /** Start time in clock ticks since boot; '' where unknown. */
  start: string;
  host: string;
}

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses). */
export function startTime(pid: number | 'self'): string | undefined {
  const stat = read(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

let me: Holder | undefined;

/** This process as a lock records it (asked once). */
export function thisProcess(): Holder {
  if (me) return me;
  let ns = '';
  try {
    ns = /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? '';
  } catch {}
  me = {
    boot: (read('/proc/sys/kernel/random/boot_id') ?? '').trim(),
    ns,
    pid: process.pid,
    start: startTime('self') ?? '',
    host: hostname(),
  };
  return me;
}

/** kill(pid, 0): only ESRCH means gone (EPERM: alive, another user's). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

export type Verdict = 'alive' | 'dead' | 'unknown';

/**
 * Is the holder alive? 'unknown' (another namespace or host) is never broken.
 * `held`: whether this process holds that very lock now (asked for our own
 * pid). `isAlive` replaces the check of a pid in our namespace (tests).
 */
export function verdict(h: Holder, held: () => boolean, isAlive?: (pid: number) => boolean): Verdict {
  const self = thisProcess();
  // A holder recorded without a boot id (no /proc there, or an older chord-patch): kill(pid, 0) on this host.
  if (h.boot === '' && h.host === self.host) return (isAlive ?? processAlive)(h.pid) ? 'alive' : 'dead';
  if (h.boot !== self.boot || h.ns !== self.ns) {
    const rebooted = h.host === self.host && h.boot !== self.boot && self.boot !== '';
    return rebooted ? 'dead' : 'unknown';
  }
  if (isAlive) return isAlive(h.pid) ? 'alive' : 'dead';
  if (h.pid === self.pid && h.start === self.start) return held() ? 'alive' : 'dead';
  if (self.boot === '') return processAlive(h.pid) ? 'alive' : 'dead';
  const start = startTime(h.pid);
  return start !== undefined && (h.start === '' || start === h.start) ? 'alive' : 'dead';
}

/** How far a lock's file time may stray from the time recorded in it, and that time from this clock. */
export const TIME_SLACK_MS = 5 * 60_000;

/**
 * Whether the time a lock records (`since`) says no live holder wrote it,
 * whoever it names: a lock file committed to a repository, or unpacked from
 * an archive, names a holder elsewhere that would never be judged dead, and
 * would block every run. A live holder records the time it links its lock
 * (lock.ts), in the same moment the file gets its mtime; so the lock is
 * stale when the recorded time is not a time, or, on a disk only this
 * machine writes (`local`), is far from the file's mtime (a checkout writes
 * the file long after the time inside it), lies ahead of this clock, or falls
 * before this machine booted, when no process running now had started. On a
 * network disk the mtime is the server's clock and the time another host's:
 * a skew between them must never break a live holder's lock.
 */
export async function recordedTimeStale(
  since: unknown,
  mtimeMs: number | undefined,
  now: number,
  local: () => Promise<boolean>,
): Promise<boolean> {
  const at = typeof since === 'string' ? Date.parse(since) : Number.NaN;
  if (!Number.isFinite(at)) return true;
  const far = mtimeMs !== undefined && Math.abs(mtimeMs - at) > TIME_SLACK_MS;
  const ahead = at > now + TIME_SLACK_MS;
  const beforeBoot = at < now - uptime() * 1000 - TIME_SLACK_MS;
  return (far || ahead || beforeBoot) && (await local());
}

/** How a holder is named in an error: where it runs. */
export function holderText(h: Holder): string {
  const self = thisProcess();
  if (h.host !== self.host) return `pid ${h.pid} on host ${h.host}`;
  if (h.boot !== self.boot) return `pid ${h.pid} on host ${h.host} (another boot)`;
  if (h.ns !== self.ns) return `pid ${h.pid} in another PID namespace (a container) on this host, which cannot be checked from here`;
  return `pid ${h.pid} on host ${h.host}`;
}
