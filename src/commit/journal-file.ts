// A journal's bytes on disk, and whether recovery may act on them. Recovery
// renames and deletes files by the names a journal gives, so a journal is
// executed only when all of these hold:
//   - it carries this user's signature (HMAC-SHA256 under the key in the
//     user's state directory, commit/journal-key.ts): chord-patch wrote it;
//   - it parses as this version, with every field of the right shape;
//   - it was written for this very tree: the root's real path and its
//     device and inode are the ones recorded (a moved tree has a new path,
//     a copied one a new inode: the journal describes the other tree);
//   - every path in it lies inside that root, and every side file is the
//     name the commit gives (sideNames) to its own target.
// Anything else is left in place and reported with what to do by hand
// (`unusableText`): nothing is deleted or renamed on a guess.

import { dirname, isAbsolute, normalize } from 'node:path';
import type { Fs } from '../types.js';
import { hmacSha256, sameDigest } from './hmac.js';
import { type Journal, sideNames } from './journal.js';
import { shellQuoted } from '../text/quote.js';

/** What a journal's signature covers besides its body: the format, so a signed body of another kind never passes. */
const DOMAIN = 'chord-patch journal v2\n';

export interface RootIdentity {
  /** The root as the run names it. */
  root: string;
  /** Its real path (symbolic links resolved). */
  real: string;
  /** dev:ino of the real root directory. */
  id: string;
}

/** What a commit needs to write a journal recovery will trust: the state directory, the signing key, the root's identity. */
export interface JournalSetup {
  dir: string;
  key: Uint8Array;
  root: RootIdentity;
}

/** The root's identity as recorded in (and checked against) its journals. */
export async function rootIdentity(fs: Fs, root: string): Promise<RootIdentity> {
  const real = await fs.realpath(root);
  const s = await fs.lstat(real);
  if (!s) throw Object.assign(new Error(`ENOENT: ${root} does not exist`), { code: 'ENOENT' });
  return { root, real, id: s.identity };
}

export function signJournal(journal: Journal, key: Uint8Array): Uint8Array {
  const body = JSON.stringify(journal);
  return Buffer.from(`${body}\n${hmacSha256(key, Buffer.from(DOMAIN + body))}\n`);
}

/** A journal recovery may act on, or why not. */
export type Checked = { ok: true; journal: Journal } | { ok: false; why: string };

/** Verify the signature and the shape; `key` undefined: nothing verifies. */
export function readJournalBytes(bytes: Uint8Array, key: Uint8Array | undefined): Checked {
  const text = Buffer.from(bytes).toString('utf8');
  const cut = text.lastIndexOf('\n', text.length - 2);
  const body = cut < 0 ? text : text.slice(0, cut);
  const mac = cut < 0 ? '' : text.slice(cut + 1).trimEnd();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, why: bytes.length === 0 ? 'it is empty' : 'it is cut short or is not a chord-patch journal' };
  }
  const shaped = wellFormed(parsed);
  const version = (parsed as { version?: unknown } | null)?.version;
  if (!shaped) {
    const why =
      version !== undefined && version !== 2 ? `it is of another version (${String(version)})` : 'it is not a chord-patch journal';
    return { ok: false, why };
  }
  if (!key) return { ok: false, why: 'the key that signs journals cannot be read' };
  if (!sameDigest(mac, hmacSha256(key, Buffer.from(DOMAIN + body))))
    return { ok: false, why: 'its signature does not verify: chord-patch did not write it (or not for this user)' };
  return { ok: true, journal: shaped };
}

const isStr = (v: unknown): v is string => typeof v === 'string' && v !== '' && !v.includes('\0');
const OPS = new Set(['create', 'replace', 'delete']);

function wellFormed(v: unknown): Journal | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const j = v as Record<string, unknown>;
  if (j.version !== 2 || !isStr(j.id) || !/^[a-z0-9]+$/.test(j.id) || typeof j.pid !== 'number') return undefined;
  if (!isStr(j.root) || !isStr(j.realRoot) || !isStr(j.rootId)) return undefined;
  if (!Array.isArray(j.dirs) || !j.dirs.every(isStr) || !Array.isArray(j.entries)) return undefined;
  for (const e of j.entries as unknown[]) {
    if (e === null || typeof e !== 'object') return undefined;
    const x = e as Record<string, unknown>;
    if (!isStr(x.target) || !OPS.has(x.op as string)) return undefined;
    if ((x.tmp !== undefined && !isStr(x.tmp)) || (x.backup !== undefined && !isStr(x.backup))) return undefined;
  }
  return v as Journal;
}

const inside = (root: string, p: string) => isAbsolute(p) && normalize(p) === p && p.startsWith(`${root}/`);

/**
 * Why a verified journal must still not be acted on in this tree, or
 * undefined: written for another tree (moved, copied, replaced), or naming a
 * path outside the root (lexically, or through a symbolic link planted since).
 */
export async function misplaced(fs: Fs, j: Journal, here: RootIdentity): Promise<string | undefined> {
  if (j.realRoot !== here.real || j.rootId !== here.id) {
    const how =
      j.rootId === here.id
        ? `the tree was moved from ${j.realRoot}`
        : j.realRoot === here.real
          ? 'the directory was replaced by another one at the same path (a re-clone, a restore)'
          : `it was written for ${j.realRoot} (this tree is a copy of it, or it was copied in)`;
    return `${how}; its paths name the files of that tree, not of this one`;
  }
  const paths = [...j.dirs];
  for (const [i, e] of j.entries.entries()) {
    if (!inside(j.root, e.target)) return `it names ${e.target}, which is outside ${j.root}`;
    paths.push(e.target);
    const side = sideNames(e.target, j.id, i);
    if ((e.tmp !== undefined && e.tmp !== side.tmp) || (e.backup !== undefined && e.backup !== side.backup))
      return `its side files for ${e.target} are not the names chord-patch gives them`;
    if (e.tmp) paths.push(e.tmp);
    if (e.backup) paths.push(e.backup);
  }
  for (const p of paths) {
    if (!inside(j.root, p)) return `it names ${p}, which is outside ${j.root}`;
    const real = await fs.realpath(dirname(p)).catch(() => undefined);
    if (real !== undefined && real !== here.real && !real.startsWith(`${here.real}/`))
      return `${p} now leads outside the tree (its directory is ${real})`;
  }
  return undefined;
}

/**
 * One line for a journal recovery leaves alone: where it is, why, and how to restore by hand. `signed`: the journal,
 * when its signature verified (the commands are built from it, each path shell-quoted); otherwise only where backups lie.
 */
export function unusableText(path: string, why: string, signed: Journal | undefined): string {
  const head = `journal ${path} left in place, not acted on: ${why}`;
  if (!signed) {
    const id = /(?:journal|done)-([a-z0-9]+)\.json$/.exec(path)?.[1];
    const find = id ? `; its backups, if any, are files named .chord-patch-${id}-*.old beside the files it changed` : '';
    return `${head}${find}. Check the files it may have changed, then delete it`;
  }
  // Named from the journal's own root: a moved or copied tree holds them at the same places below it.
  const shown = (p: string) => (p.startsWith(`${signed.root}/`) ? p.slice(signed.root.length + 1) : p);
  const steps = signed.entries
    .filter((e) => e.backup)
    .map((e) => `mv ${shellQuoted(shown(e.backup!))} ${shellQuoted(shown(e.target))}`)
    .join('; ');
  const done = /\/done-[^/]+$/.test(path);
  const what = done
    ? 'it says its commit had finished, so its targets hold the new content and its backups can be deleted'
    : steps
      ? `to put back what it had replaced or deleted, if it was yours: ${steps}`
      : 'it replaced or deleted no file';
  return `${head}; ${what}. Then delete it`;
}
