// The data of stale-context handling (docs/stale-context.md): the older
// states of a file a hunk may have been written against, and what the runner
// is told to do when one of them matches.

/** Where a pre-image comes from: this session's store, or git's index or HEAD. */
export type PreimageSource = 'session' | 'index' | 'head';

/** One older state of a file. */
export interface Preimage {
  source: PreimageSource;
  bytes: Uint8Array;
  /** sha256 of `bytes`, hex. */
  hash: string;
  /** session: when chord-patch replaced this state (ms since the epoch). */
  time?: number;
  /** session: the path the state was read at, when a move put it under another name. */
  from?: string;
}

/** --3way: off (diagnose only), merge (refuse a conflict), or merge writing conflict markers. */
export type ThreeWay = false | 'merge' | 'markers';

export interface StaleOptions {
  /** --3way: merge a stale hunk's change into the current file (default: diagnose only). */
  threeWay?: ThreeWay;
  /** false: look for no pre-images at all (neither the session's nor git's). */
  preimages?: boolean;
}

/** Why the store's pre-images of a file could not be read (a merge is refused, the file left alone). */
export interface StoreTrouble {
  message: string;
}

/** JSON `stale` of a stale_context or merge_conflict failure: the base that matched and where the file moved on. */
export interface StaleDetail {
  base: { source: PreimageSource; sha256: string; time?: string; from?: string };
  /** 1-based first and last line of the base the hunk (or old_string) covers. */
  baseLines: [number, number];
  /** 1-based first and last line of the current file that range now covers. */
  currentLines: [number, number];
  /** 1-based lines of the current file, in that range, that differ from the base. */
  changed: number[];
  /** merge_conflict: each region both sides changed, 1-based line in the current file, with both sides' lines. */
  conflicts?: { line: number; ours: string[]; theirs: string[] }[];
}
