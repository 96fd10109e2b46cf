// `recover [-C DIR]`: roll back commits in DIR that were interrupted halfway.

import { recover } from '../index.js';
import { writeFd } from './write.js';
import type { Fs } from '../types.js';

export async function runRecover(flags: { cwd?: string }, fs: Fs): Promise<number> {
  const r = await recover({ fs, ...(flags.cwd !== undefined ? { cwd: flags.cwd } : {}) });
  writeFd(r.ok ? 1 : 2, `chord-patch: ${r.message}\n`);
  return r.ok ? 0 : 1;
}
