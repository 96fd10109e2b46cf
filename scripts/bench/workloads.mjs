// Deterministic benchmark workloads. Nothing large is committed: every tree,
// patch and expected result is generated here from a seed, so the bench and
// its correctness test (test/e2e/bench-workloads.test.ts) always agree.
//
// A workload is the same change expressed three ways, so every tool does the
// same work:
//   patch  a Codex `*** Begin Patch` envelope (chord-patch, Codex apply_patch)
//   diff   an equivalent unified diff (git apply, GNU patch), or null
//   edit   an old_string/new_string request (chord-patch edit), or null
// and `after` is the tree every tool must produce (computed here by plain
// array splicing, independently of chord-patch).

// The drift corpus's seeded PRNG (mulberry32): the same seed gives the same files.
import { rng } from '../drift/prng.mjs';

const WORDS = [
  'alpha',
  'beta',
  'gamma',
  'delta',
  'render',
  'parse',
  'value',
  'index',
  'buffer',
  'config',
  'result',
  'handler',
  'token',
  'stream',
  'cursor',
  'offset',
];

/**
 * Code-like lines: mostly unique statements (they carry their line number, as
 * real code carries distinct names), with the repeated blank and closing-brace
 * lines real files have, so matching meets non-unique lines too.
 */
function codeLines(count, seed) {
  const rnd = rng(seed).next;
  const pick = () => WORDS[Math.floor(rnd() * WORDS.length)];
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    const r = i % 10;
    if (r === 0) out[i] = `export function ${pick()}${i}(input, options) {`;
    else if (r === 8) out[i] = '}';
    else if (r === 9) out[i] = '';
    else out[i] = `  const ${pick()}_${i} = ${pick()}(input.${pick()}, ${Math.floor(rnd() * 1000)}); // ${pick()} ${pick()}`;
  }
  return out;
}

/** Trailing whitespace on every third non-empty line: the drift a whitespace pass must absorb. */
function withDrift(lines) {
  return lines.map((l, i) => (l !== '' && i % 3 === 0 ? `${l}${i % 2 ? ' \t' : '  '}` : l));
}

function bytesOf(lines, eol) {
  return Buffer.from(lines.length === 0 ? '' : `${lines.join(eol)}${eol}`, 'utf8');
}

/**
 * One file's edits: each hunk keeps 3 context lines, replaces 2 lines with 3,
 * keeps 3 more. `centers` are the 0-based first removed lines, ascending.
 * Returns the envelope section, the unified-diff section and the new lines.
 */
function editFile({ path, lines, fileLines, centers, eol, tag }) {
  const env = [`*** Update File: ${path}`];
  const diff = [`--- a/${path}`, `+++ b/${path}`];
  const after = [];
  let copied = 0;
  let delta = 0;
  centers.forEach((c, k) => {
    const from = c - 3;
    const added = [`  // ${tag} ${k}: edited by the benchmark`, `  const edited_${k} = ${k} * 2;`, `  void edited_${k};`];
    // The patch quotes `lines` (what the model saw); the file holds `fileLines`
    // (identical, or with whitespace drift).
    env.push('@@');
    const dl = [];
    for (let i = from; i < c; i++) env.push(` ${lines[i]}`), dl.push(` ${lines[i]}`);
    for (let i = c; i < c + 2; i++) env.push(`-${lines[i]}`), dl.push(`-${lines[i]}`);
    for (const a of added) env.push(`+${a}`), dl.push(`+${a}`);
    for (let i = c + 2; i < c + 5; i++) env.push(` ${lines[i]}`), dl.push(` ${lines[i]}`);
    diff.push(`@@ -${from + 1},8 +${from + 1 + delta},9 @@`, ...dl);
    delta += 1;
    // The expected result keeps the file's own context lines (drift included).
    while (copied < c) after.push(fileLines[copied++]);
    after.push(...added);
    copied = c + 2;
  });
  while (copied < fileLines.length) after.push(fileLines[copied++]);
  return { env, diff: diff.map((l) => `${l}${eol}`).join(''), after };
}

function envelope(sections) {
  return ['*** Begin Patch', ...sections.flat(), '*** End Patch', ''].join('\n');
}

/** `hunks` evenly spaced hunks over a `lines`-line file (the headline workload and its variants). */
export function hunksWorkload({ name = 'hunks', lines: count, hunks, eol = '\n', drift = false, seed = 7 }) {
  if (count < hunks * 10) throw new Error(`${name}: need at least 10 lines per hunk`);
  const lines = codeLines(count, seed);
  const fileLines = drift ? withDrift(lines) : lines;
  const step = count / hunks;
  const centers = Array.from({ length: hunks }, (_, k) => Math.floor(k * step + step / 2));
  const path = 'src/big.ts';
  const f = editFile({ path, lines, fileLines, centers, eol, tag: 'hunk' });
  const before = bytesOf(fileLines, eol);
  return {
    name,
    files: [{ path, bytes: before }],
    after: [{ path, bytes: bytesOf(f.after, eol) }],
    patch: envelope([f.env]),
    diff: f.diff,
    diffNeedsWhitespaceTolerance: drift,
    edit: null,
    expectSuccess: true,
    bytesTouched: before.length,
    lines: count,
    hunks,
  };
}

/** A typical model edit: one hunk in a 200-line file. */
export function smallWorkload() {
  return hunksWorkload({ name: 'small', lines: 200, hunks: 1, seed: 3 });
}

/** One envelope touching `files` files (one hunk each), spread over directories. */
export function manyFilesWorkload({ files = 1000, linesPerFile = 40, seed = 11 } = {}) {
  const sections = [];
  const diffs = [];
  const before = [];
  const after = [];
  for (let k = 0; k < files; k++) {
    const path = `pkg${String(Math.floor(k / 50)).padStart(2, '0')}/mod${String(k).padStart(4, '0')}.ts`;
    const lines = codeLines(linesPerFile, seed + k);
    const f = editFile({ path, lines, fileLines: lines, centers: [Math.floor(linesPerFile / 2)], eol: '\n', tag: `file ${k}` });
    sections.push(f.env);
    diffs.push(f.diff);
    before.push({ path, bytes: bytesOf(lines, '\n') });
    after.push({ path, bytes: bytesOf(f.after, '\n') });
  }
  return {
    name: 'files-1000',
    files: before,
    after,
    patch: envelope(sections),
    diff: diffs.join(''),
    diffNeedsWhitespaceTolerance: false,
    edit: null,
    expectSuccess: true,
    bytesTouched: before.reduce((n, f) => n + f.bytes.length, 0),
    lines: files * linesPerFile,
  };
}

/** A file of about `bytes` bytes with one hunk near its end. */
export function bigFileWorkload({ bytes = 10 * 1024 * 1024, seed = 13 } = {}) {
  // Line lengths grow with the line number; over-generate, then keep whole
  // 10-line blocks until the size is reached.
  const all = codeLines(Math.max(100, Math.ceil(bytes / 40)), seed);
  let count = 0;
  for (let size = 0; count < all.length && size < bytes; count += 10) {
    for (let i = count; i < count + 10; i++) size += Buffer.byteLength(all[i]) + 1;
  }
  const lines = all.slice(0, Math.max(100, count));
  count = lines.length;
  const path = 'data/huge.ts';
  const f = editFile({ path, lines, fileLines: lines, centers: [count - 24], eol: '\n', tag: 'tail' });
  const before = bytesOf(lines, '\n');
  return {
    name: 'file-10mb-tail',
    files: [{ path, bytes: before }],
    after: [{ path, bytes: bytesOf(f.after, '\n') }],
    patch: envelope([f.env]),
    diff: f.diff,
    diffNeedsWhitespaceTolerance: false,
    edit: null,
    expectSuccess: true,
    bytesTouched: before.length,
    lines: count,
  };
}

/**
 * A change whose old text is not in the file: every line of it is a near miss
 * of a real line in the middle (one character dropped), so the tools must scan
 * the whole file and a closest-match search has real candidates to rank.
 * Every tool must leave the tree unchanged and report failure.
 */
export function missWorkload({ lines: count = 100_000, seed = 17, match = false, long = false } = {}) {
  const lines = long ? longLines(count) : codeLines(count, seed);
  const at = Math.floor(count / 2) + 1; // a statement line, not a brace or blank
  // The miss drops one character from each line; `match` sends the lines as
  // they are, so the pair measures a miss against a match on the same file.
  const typo = match ? (s) => s : long ? (s) => `${s.slice(0, 4000)}Z${s.slice(4001)}` : (s) => s.replace('input.', 'inpt.');
  const old = [lines[at], lines[at + 1], lines[at + 2]].map(typo);
  const path = 'src/big.ts';
  const before = bytesOf(lines, '\n');
  const patch = envelope([[`*** Update File: ${path}`, '@@', ...old.map((l) => `-${l}`), '+  // replaced']]);
  const diff = [`--- a/${path}`, `+++ b/${path}`, `@@ -${at + 1},3 +${at + 1},1 @@`, ...old.map((l) => `-${l}`), '+  // replaced', ''].join(
    '\n',
  );
  const after = match ? bytesOf([...lines.slice(0, at), '  // replaced', ...lines.slice(at + 3)], '\n') : before;
  return {
    name: `${match ? 'match' : 'miss'}${long ? '-long-lines' : ''}`,
    files: [{ path, bytes: before }],
    after: [{ path, bytes: after }],
    patch,
    // Without context lines git would need --unidiff-zero to apply the match;
    // the pair is measured for chord-patch only.
    diff: match ? null : diff,
    diffNeedsWhitespaceTolerance: false,
    edit: { path, old_string: old.join('\n'), new_string: '  // replaced' },
    expectSuccess: match,
    bytesTouched: before.length,
    lines: count,
  };
}

/**
 * A file of log lines that differ only by a number (logs, CSV, generated
 * code): a hunk whose middle line has one word misspelt (a miss), or the
 * same hunk as the file has it (its twin, a match). Every line shares its
 * neighbours' shape, so a miss must not compare or normalise every line.
 */
export function nearDuplicateWorkload({ lines: count = 1_000_000, match = false } = {}) {
  const lines = Array.from({ length: count }, (_, i) => `2026-01-01T00:00:00Z INFO request ${i} done in 5 ms`);
  const at = Math.floor(count / 2);
  const old = [lines[at], match ? lines[at + 1] : lines[at + 1].replace('done', 'dnoe'), lines[at + 2]];
  const path = 'logs/requests.log';
  const before = bytesOf(lines, '\n');
  return {
    name: `near-duplicate-${match ? 'match' : 'miss'}`,
    files: [{ path, bytes: before }],
    after: [{ path, bytes: match ? bytesOf([...lines.slice(0, at), 'replaced', ...lines.slice(at + 3)], '\n') : before }],
    patch: envelope([[`*** Update File: ${path}`, '@@', ...old.map((l) => `-${l}`), '+replaced']]),
    diff: null,
    diffNeedsWhitespaceTolerance: false,
    edit: { path, old_string: old.join('\n'), new_string: 'replaced' },
    expectSuccess: match,
    bytesTouched: before.length,
    lines: count,
  };
}

/**
 * A file of one line repeated (`hunk` lines of it make the hunk): the miss is
 * those lines with the last one differing where a sampled line hash does not
 * look; its twin starts at the file's one distinct line, so it matches once.
 * Checking every place in full costs file x hunk line comparisons.
 */
export function repeatedLinesWorkload({ lines: count = 160_000, hunk = 4_000, match = false } = {}) {
  const same = '    total = compute(1);';
  const lines = Array.from({ length: count }, (_, i) => (i === count / 2 ? '    total = start();' : same));
  const at = count / 2;
  const old = match ? lines.slice(at, at + hunk) : [...Array(hunk - 1).fill(same), '    total = compute(2);'];
  const path = 'src/repeated.ts';
  const before = bytesOf(lines, '\n');
  return {
    name: `repeated-lines-${match ? 'match' : 'miss'}`,
    files: [{ path, bytes: before }],
    after: [{ path, bytes: match ? bytesOf([...lines.slice(0, at), '    total = 0;', ...lines.slice(at + hunk)], '\n') : before }],
    patch: envelope([[`*** Update File: ${path}`, '@@', ...old.map((l) => `-${l}`), '+    total = 0;']]),
    diff: null,
    diffNeedsWhitespaceTolerance: false,
    edit: { path, old_string: old.join('\n'), new_string: '    total = 0;' },
    expectSuccess: match,
    bytesTouched: before.length,
    lines: count,
  };
}

/**
 * Lines of 5,000 characters that differ only in a few digits near their end:
 * a long near-miss over repetitive text is where a native substring search
 * degrades to text × needle.
 */
function longLines(count) {
  return Array.from({ length: count }, (_, i) => `${'q'.repeat(4990)}${String(i).padStart(10, '0')}`);
}

/**
 * A batch edit of `entries` entries, each replacing one distinct line of a
 * file five times as long (one entry every fifth line): the edit tool's
 * batch must scale with the entries, not with entries x file.
 */
export function batchWorkload({ entries, seed = 19 }) {
  const lines = codeLines(entries * 5, seed);
  // Every edited line is a statement line (it carries its own line number, so it is unique).
  const at = (k) => k * 5 + 1;
  const edits = [];
  const after = [...lines];
  for (let k = 0; k < entries; k++) {
    const old = lines[at(k)];
    const neu = `${old} // batch ${k}`;
    edits.push({ old_string: old, new_string: neu });
    after[at(k)] = neu;
  }
  const path = 'src/batch.ts';
  const before = bytesOf(lines, '\n');
  return {
    name: `batch-${entries}`,
    files: [{ path, bytes: before }],
    after: [{ path, bytes: bytesOf(after, '\n') }],
    patch: null,
    diff: null,
    diffNeedsWhitespaceTolerance: false,
    edit: { path, edits },
    expectSuccess: true,
    bytesTouched: before.length,
    lines: entries * 5,
    entries,
  };
}

/**
 * An edit on a file that is one 20 MB line of one letter: `old_string` is
 * 4,000 characters of it with one letter changed (a miss), or as it stands at
 * the end of the line (a match). Native substring search degrades to
 * text x needle on such text; the miss must cost about what the match costs.
 */
export function oneLineWorkload({ bytes = 20_000_000, match = false } = {}) {
  const line = `${'q'.repeat(bytes - 10)}0123456789`;
  const old = match ? `${'q'.repeat(3990)}0123456789` : `${'q'.repeat(3000)}Z${'q'.repeat(999)}`;
  const path = 'data/one-line.txt';
  const before = Buffer.from(`${line}\n`);
  return {
    name: `one-line-${match ? 'match' : 'miss'}`,
    files: [{ path, bytes: before }],
    after: [{ path, bytes: match ? Buffer.from(`${line.slice(0, -4000)}X\n`) : before }],
    patch: null,
    diff: null,
    diffNeedsWhitespaceTolerance: false,
    edit: { path, old_string: old, new_string: 'X' },
    expectSuccess: match,
    bytesTouched: before.length,
    lines: 1,
  };
}

/** The 100,000-line / 500-hunk shape at a fraction of its size (for the scaling chart and tests). */
export function scaled(fraction, extra = {}) {
  const lines = Math.round(100_000 * fraction);
  const hunks = Math.max(1, Math.round(500 * fraction));
  return hunksWorkload({ name: `hunks-${lines}`, lines, hunks, ...extra });
}

/**
 * Every workload of `npm run bench`, at `scale` (1 = the sizes the README's figures use;
 * the test uses a tiny scale). Scaling points are the 500-hunk shape at 1/4,
 * 1/2, 1 and 2 times its size, measured as their own workloads.
 */
export function allWorkloads(scale = 1) {
  const big = Math.round(100_000 * scale);
  const hunks = Math.max(2, Math.round(500 * scale));
  return {
    small: smallWorkload(),
    hunks: hunksWorkload({ name: 'hunks-100k', lines: big, hunks }),
    crlf: hunksWorkload({ name: 'hunks-100k-crlf', lines: big, hunks, eol: '\r\n' }),
    drift: hunksWorkload({ name: 'hunks-100k-ws-drift', lines: big, hunks, drift: true }),
    files: manyFilesWorkload({ files: Math.max(2, Math.round(1000 * scale)) }),
    bigFile: bigFileWorkload({ bytes: Math.round(10 * 1024 * 1024 * scale) }),
    miss: missWorkload({ lines: big }),
    // The same change matching the same file, for the miss-versus-match ratio.
    missMatch: missWorkload({ lines: big, match: true }),
    // 4,000 lines of 5,000 characters (20 MB at scale 1): miss and match.
    longMiss: missWorkload({ lines: Math.max(8, Math.round(4000 * scale)), long: true }),
    longMatch: missWorkload({ lines: Math.max(8, Math.round(4000 * scale)), long: true, match: true }),
    // 1,000,000 near-duplicate lines, and 160,000 repeated lines with a 4,000-line hunk: miss and match.
    nearMiss: nearDuplicateWorkload({ lines: Math.max(10, Math.round(1_000_000 * scale)) }),
    nearMatch: nearDuplicateWorkload({ lines: Math.max(10, Math.round(1_000_000 * scale)), match: true }),
    repeatMiss: repeatedLinesWorkload({ lines: 2 * Math.max(8, Math.round(80_000 * scale)), hunk: Math.max(4, Math.round(4000 * scale)) }),
    repeatMatch: repeatedLinesWorkload({
      lines: 2 * Math.max(8, Math.round(80_000 * scale)),
      hunk: Math.max(4, Math.round(4000 * scale)),
      match: true,
    }),
    // One 20 MB line: an edit that misses against the same edit matching.
    lineMissEdit: oneLineWorkload({ bytes: Math.max(100, Math.round(20_000_000 * scale)) }),
    lineMatchEdit: oneLineWorkload({ bytes: Math.max(100, Math.round(20_000_000 * scale)), match: true }),
    // Batch edits of 5,000 to 80,000 entries: the batch scaling chart.
    batches: [5_000, 10_000, 20_000, 80_000].map((n) => batchWorkload({ entries: Math.max(2, Math.round(n * scale)) })),
    // 25,000 to 200,000 lines, wide enough that the growth stands well clear
    // of run-to-run noise; measured one after another (the 100,000-line point
    // again, rather than the `hunks` figures from minutes earlier).
    scaling: [1 / 4, 1 / 2, 1, 2].map((f) => scaled(f * scale)),
  };
}
