// Every older state a file is known to have had, newest first: this
// session's (stale/store.ts), then git's index and HEAD (stale/git.ts).
// States equal to the file now are left out (a hunk matching them matches
// the file), and each content once.

import type { SessionOptions } from '../session/store.js';
import { sha256Hex } from '../platform/sha256.js';
import { gitPreimages } from './git.js';
import { sessionPreimages } from './store.js';
import type { Preimage, StaleOptions, StoreTrouble } from './types.js';

export interface Known {
  preimages: Preimage[];
  trouble?: StoreTrouble;
}

export async function knownPreimages(abs: string, current: Uint8Array, options: SessionOptions & StaleOptions): Promise<Known> {
  if (options.preimages === false) return { preimages: [] };
  const fromSession = options.session ? sessionPreimages({ ...options, session: options.session }, abs) : { preimages: [] };
  const all = [...fromSession.preimages, ...(await gitPreimages(abs))];
  const now = sha256Hex(current);
  const seen = new Set<string>([now]);
  const preimages = all.filter((p) => !seen.has(p.hash) && seen.add(p.hash));
  return { preimages, ...(fromSession.trouble ? { trouble: fromSession.trouble } : {}) };
}
