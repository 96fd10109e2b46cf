// Confinement at commit time. Planning checked that every path stays inside
// the root; between planning and commit a directory can be replaced by a
// symlink pointing outside. So the commit opens ("pins") each parent
// directory once, checks that the directory it got is the one planning saw
// (same real path, same dev:ino), and names every entry through the pin
// (/proc/self/fd/N on Linux), which never follows a later swap. Directories
// the commit creates are made through their parent's pin and opened without
// following a symlink, so they are inside the pinned parent by construction.
//
// Without /proc (not Linux) the pin is the checked path itself: the check
// still runs right before the writes, but a swap in the microseconds between
// check and write is not caught.
//
// A pin follows its directory wherever it is moved, so a directory moved out
// of the root after it was pinned would still receive the writes. Right
// before each target's switch its directory's current path is compared with
// the one pinned (recheck): a move is refused as a change after planning. A
// move in the microseconds between that check and the rename is still not
// caught; docs/commit-safety.md states this window.

import { basename, dirname, join } from 'node:path';
import type { DirPin, Fs } from '../types.js';
import type { PlannedDir } from '../plan/snapshot.js';
import { shownPath } from '../text/paths.js';

export class Refused extends Error {}

export class Pins {
  private readonly pins = new Map<string, DirPin>();
  /** Directories this commit created, outermost first. */
  readonly created: string[] = [];

  constructor(
    private readonly fs: Fs,
    private readonly root: string,
    private readonly confine: boolean,
  ) {}

  /**
   * Pin the nearest existing directory of each planned parent and verify it;
   * returns the directories still to create (outermost first). Throws Refused
   * when a directory is no longer the one planned.
   */
  async prepare(dirs: Iterable<[string, PlannedDir]>): Promise<string[]> {
    try {
      return await this.prepareAll(dirs);
    } catch (e) {
      if (e instanceof Refused) throw e;
      throw new Refused(`cannot check the directories to write in (${(e as Error).message})`);
    }
  }

  private async prepareAll(dirs: Iterable<[string, PlannedDir]>): Promise<string[]> {
    const toCreate: string[] = [];
    for (const [, planned] of dirs) {
      await this.pinExisting(planned);
      let cur = planned.existing;
      let missing = false;
      for (const name of planned.missing) {
        const child = join(cur, name);
        if (!missing && !this.pins.has(child)) {
          const there = await this.fs.lstat(`${this.pins.get(cur)!.path}/${name}`);
          if (there) await this.pinChild(cur, name);
          else missing = true;
        }
        if (missing && !toCreate.includes(child)) toCreate.push(child);
        cur = child;
      }
    }
    return toCreate;
  }

  private async pinExisting(planned: PlannedDir): Promise<void> {
    if (this.pins.has(planned.existing)) return;
    let pin: DirPin;
    try {
      pin = await this.fs.pinDir(planned.existing, false);
    } catch (e) {
      throw new Refused(`${this.show(planned.existing)} cannot be opened any more (${(e as Error).message})`);
    }
    this.pins.set(planned.existing, pin);
    if (this.confine && (pin.real !== planned.real || (planned.identity !== undefined && pin.identity !== planned.identity))) {
      throw new Refused(
        `${this.show(planned.existing)} is no longer the directory planned (replaced, moved or linked elsewhere after planning)`,
      );
    }
  }

  /** Open `parent/name` through the parent's pin, refusing a symlink. */
  private async pinChild(parent: string, name: string): Promise<void> {
    const child = join(parent, name);
    try {
      this.pins.set(child, await this.fs.pinDir(`${this.pins.get(parent)!.path}/${name}`, true));
    } catch (e) {
      throw new Refused(`${this.show(child)} is not a plain directory any more (${(e as Error).message})`);
    }
  }

  /** Create a directory through its parent's pin, then pin it. */
  async create(dir: string): Promise<void> {
    await this.fs.mkdir(this.name(dir));
    this.created.push(dir);
    await this.pinChild(dirname(dir), basename(dir));
  }

  /**
   * Is `abs`'s directory still where it was pinned? Throws Refused when it
   * was moved (out of the root, or anywhere) or removed since.
   */
  async recheck(abs: string): Promise<void> {
    const pin = this.pins.get(dirname(abs));
    if (!this.confine || !pin) return;
    let now: string;
    try {
      now = pin.where ? await pin.where() : await this.fs.realpath(pin.path);
    } catch (e) {
      throw new Refused(`${this.show(dirname(abs))} is gone (${(e as Error).message})`);
    }
    if (now !== pin.real) throw new Refused(`${this.show(dirname(abs))} was moved to ${now} after planning`);
  }

  /** The name to use for `abs` (its directory must be pinned; otherwise the path itself). */
  name = (abs: string): string => {
    const pin = this.pins.get(dirname(abs));
    return pin ? `${pin.path}/${basename(abs)}` : abs;
  };

  /**
   * fsync every pinned directory, all at once (each waits on the disk; in
   * turn, 20 directories took 13-59 ms, at once 7-31 ms): renames and links
   * in them become durable. Rejects with the first failure once all have ended.
   */
  async sync(): Promise<void> {
    const results = await Promise.allSettled([...this.pins.values()].map((pin) => pin.sync()));
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  async close(): Promise<void> {
    for (const pin of this.pins.values()) await pin.close().catch(() => {});
    this.pins.clear();
  }

  private show(abs: string): string {
    return shownPath(this.root, abs) || '.';
  }
}
