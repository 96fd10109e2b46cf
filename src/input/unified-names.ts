// File names in a unified diff, as git and GNU patch read them: the two
// names of a `diff --git` line, C-quoted names, and `---`/`+++` names with
// their timestamps (and what an epoch timestamp means).

import { ChordPatchError } from '../errors.js';

/** `a/x b/x` -> its two paths; quoted names ("a/x y") are unquoted. With spaces, the halves must agree. */
export function gitHeaderNames(rest: string): [string, string] | undefined {
  if (rest.startsWith('"')) {
    const m = /^("(?:[^"\\]|\\.)*") (.*)$/.exec(rest);
    return m ? [unquote(m[1]!), unquote(m[2]!)] : undefined;
  }
  const quoted = / ("(?:[^"\\]|\\.)*")$/.exec(rest);
  if (quoted) return [rest.slice(0, quoted.index), unquote(quoted[1]!)];
  // Unquoted names with spaces: git writes `a/NAME b/NAME`; take the split where both halves name the same file.
  const spaces = [...rest.matchAll(/ /g)].map((m) => m.index);
  for (const at of spaces) {
    const a = rest.slice(0, at);
    const b = rest.slice(at + 1);
    if (a.replace(/^[^/]*\//, '') === b.replace(/^[^/]*\//, '')) return [a, b];
  }
  return spaces.length === 1 ? [rest.slice(0, spaces[0]), rest.slice(spaces[0]! + 1)] : undefined;
}

// ignoreBOM: a name's leading U+FEFF is part of the name, not a mark to drop.
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** C-style quoted path as git writes it ("a/t\303\251st" -> a/tést); throws bad_input (without a line) when the bytes are not UTF-8. */
export function unquote(q: string): string {
  if (!q.startsWith('"')) return q;
  const bytes: number[] = [];
  const body = q.slice(1, -1);
  const ESC: Record<string, number> = { n: 10, t: 9, '"': 34, '\\': 92, a: 7, b: 8, f: 12, r: 13, v: 11 };
  for (let k = 0; k < body.length; k++) {
    const c = body[k]!;
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const next = body[++k]!;
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(body.slice(k, k + 3), 8));
      k += 2;
    } else bytes.push(ESC[next] ?? next.charCodeAt(0));
  }
  try {
    return STRICT_UTF8.decode(Uint8Array.from(bytes));
  } catch {
    // Decoded leniently, a byte that is not UTF-8 would become U+FFFD and the patch would touch a file of another name.
    throw new ChordPatchError(
      'bad_input',
      `the name ${q} is not UTF-8 once its escapes are undone; chord-patch names files in UTF-8 only, ` +
        'so nothing was written (use git apply)',
    );
  }
}

/**
 * A `---`/`+++` name as git and GNU patch read it: a timestamp at the end
 * (after a tab or spaces: `diff -u` writes one) is dropped, so a name may
 * hold tabs; without one, the name ends at the first tab. Quotes are undone.
 * /dev/null is no file, and so is a name stamped with the epoch: `diff -N`
 * writes an absent file that way (the epoch, in any zone).
 */
export function namePath(raw: string): string | undefined {
  const { name, epoch } = nameOf(raw);
  return name === '/dev/null' || epoch ? undefined : name;
}

/** The name on a `---`/`+++` line, and whether its timestamp is the epoch. */
export function nameOf(raw: string): { name: string; epoch: boolean } {
  const stamp = STAMP.exec(raw);
  const bare = stamp ? raw.slice(0, stamp.index) : raw.replace(/\t.*$/, '');
  return { name: unquote(bare.replace(/\s+$/, '')), epoch: stamp !== null && isEpoch(stamp) };
}

/** `2010-08-18 20:13:31.616002255 -0500` (diff -u; the zone may hold a colon), or ctime's `Thu Jan  1 00:00:00 1970`. */
// Plain strings (no String.raw: the Node build keeps the bundle ASCII by escaping, which String.raw would change).
const ISO = '(\\d{4})-(\\d\\d)-(\\d\\d) (\\d\\d):(\\d\\d):(\\d\\d)(?:\\.\\d+)?(?: ?([-+])(\\d\\d):?(\\d\\d))?';
const DAYS = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTHS = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const CTIME = `${DAYS} ${MONTHS} [ \\d]\\d \\d\\d:\\d\\d:\\d\\d (\\d{4})`;
const STAMP = new RegExp(`[\\t ]+(?:${ISO}|${CTIME})\\s*$`);

function isEpoch(m: RegExpExecArray): boolean {
  if (m[10] !== undefined) return /Jan {1,2}1 00:00:00 1970/.test(m[0]);
  const [y, mo, d, h, mi, sec] = [1, 2, 3, 4, 5, 6].map((k) => Number(m[k]));
  const zone = m[7] === undefined ? 0 : (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9]));
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, sec!) - zone * 60_000 === 0;
}
