// bench/results.md and bench/scaling.svg from one run's measurements. The SVG
// is drawn by hand (no chart library): a polyline per tool, linear axes, so a
// straight line means linear scaling and a bend upwards would show a
// quadratic path.

import { readFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';

export function machine() {
  let cpu = cpus()[0]?.model ?? 'unknown CPU';
  try {
    cpu = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpu;
  } catch {}
  return { cpu, cores: cpus().length, memGiB: (totalmem() / 2 ** 30).toFixed(1), kernel: release(), node: process.version };
}

const fmtMs = (ms) => (ms === undefined ? '—' : ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
/** A stage's cost as the difference of two rows' medians: below zero it is noise between the rows, and said so. */
export const fmtStage = (ms) => (ms < 0 ? `none measurable (the medians differ by ${fmtMs(ms)} ms)` : `${fmtMs(ms)} ms`);
const fmtRatio = (r) => (r === undefined || !Number.isFinite(r) ? '—' : `${r.toFixed(2)}×`);

/** The binary's bound over the durable floor, per workload with a front-end row (issue 27): the targets table and frontEndFacts. */
const FLOOR_TARGETS = { small: 1.15, hunks: 1.5, files: 1.15 };

const mb = (kb) => (kb === undefined ? '—' : (kb / 1024).toFixed(0));
const row = (cells) => `| ${cells.join(' | ')} |`;
const verdict = (ok) => (ok === undefined ? 'not measured' : ok ? '**met**' : '**missed**');

function get(results, key) {
  return results.find((r) => r.key === key);
}
function med(results, key, id) {
  return get(results, key)?.rows.find((r) => r.id === id)?.median;
}

/**
 * Tool a's time over tool b's in one workload: the median of the per-round
 * ratios (every round runs each tool once, back to back), which cancels the
 * machine's slow spells that a ratio of two medians lets through; the ratio
 * of medians when the rounds do not pair up.
 */
function ratio(results, key, a, b) {
  const p = get(results, key);
  const ra = p?.rows.find((r) => r.id === a);
  const rb = p?.rows.find((r) => r.id === b);
  if (!ra?.ms.length || !rb?.ms.length) return undefined;
  if (ra.ms.length !== rb.ms.length || ra.borrowed || rb.borrowed) return ra.median / rb.median;
  const xs = ra.ms.map((x, k) => x / rb.ms[k]).sort((x, y) => x - y);
  const m = xs.length >> 1;
  return xs.length % 2 ? xs[m] : (xs[m - 1] + xs[m]) / 2;
}

function peerRows(results, p) {
  if (!p.peersFrom) return p.rows;
  const src = get(results, p.peersFrom);
  return [
    ...p.rows,
    ...(src?.rows ?? []).filter((r) => !r.chord).map((r) => ({ ...r, label: `${r.label} (hunk-not-found run above)`, borrowed: true })),
  ];
}

function resultsTable(results, floorKb) {
  const lines = [
    row([
      'workload',
      'tool',
      'median ms',
      'CLI ÷ tool',
      'binary ÷ tool',
      'peak RSS MB',
      "RSS above its runtime's `-e 0`, × bytes touched",
      'note',
    ]),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---']),
  ];
  for (const p of results) {
    const cli = med(results, p.key, 'cli');
    const bin = med(results, p.key, 'bin');
    for (const r of peerRows(results, p)) {
      const peer = !r.chord && r.median !== undefined;
      // Above the start-up floor of the tool's own runtime: bun for the binary, node for the rest.
      const base = r.id === 'bin' || r.id === 'binpipe' || r.id === 'bunio' ? floorKb.bun : floorKb.node;
      const mem =
        (r.chord || r.id === 'nodeio' || r.id === 'bunio') && r.kb !== undefined && base !== undefined && p.mode !== 'version'
          ? ((r.kb - base) * 1024) / p.w.bytesTouched
          : undefined;
      const note =
        r.status === 'ok' ? `${r.ms.length} runs${r.rssExact === false ? '; RSS polled (lower bound)' : ''}` : `${r.status}: ${r.reason}`;
      lines.push(
        row([
          r === p.rows[0] ? p.title : '',
          r.label,
          fmtMs(r.median),
          peer ? fmtRatio(r.borrowed ? cli / r.median : ratio(results, p.key, 'cli', r.id)) : '',
          peer ? fmtRatio(r.borrowed ? bin / r.median : ratio(results, p.key, 'bin', r.id)) : '',
          r.borrowed ? '' : mb(r.kb),
          mem === undefined ? '' : mem.toFixed(2),
          r.borrowed ? 'reference' : note.replace(/\|/g, '\\|'),
        ]),
      );
    }
  }
  return lines.join('\n');
}

/** Scaling points: the four scaled runs (measured in shared rounds), per tool. */
function scalingSeries(results) {
  const points = results.filter((p) => p.scaling).sort((a, b) => a.w.lines - b.w.lines);
  if (points.length < 2) return undefined;
  const ids = ['cli', 'bin', 'codex', 'git', 'patch'];
  const series = ids
    .map((id) => {
      const first = points[0].rows.find((r) => r.id === id);
      return {
        id,
        label: first?.label ?? id,
        pts: points
          .map((p) => ({ lines: p.w.lines, hunks: p.w.hunks, mb: p.w.bytesTouched / 1e6, ms: p.rows.find((r) => r.id === id)?.median }))
          .filter((x) => x.ms !== undefined),
        // Each round's time at every size (the sizes are measured in shared rounds).
        rounds: points.map((p) => p.rows.find((r) => r.id === id)?.ms ?? []),
      };
    })
    .filter((s) => s.pts.length >= 2);
  return { points, series };
}

/**
 * Least-squares fit of t = a + b·x + c·x² (x: thousands of lines). `quadratic`
 * is c·x² as a share of the size-dependent time (b·x + c·x²) at the largest
 * size: about 0 for a linear path (noise makes it a little either way), about
 * 1 for a quadratic one. A fit over all four sizes, unlike a ratio of two
 * differences, is not thrown off by one noisy small-size median.
 */
export function fitScaling(pts) {
  const xs = pts.map((p) => p.lines / 1000);
  const ys = pts.map((p) => p.ms);
  const sum = (f) => xs.reduce((acc, x, k) => acc + f(x, ys[k]), 0);
  const [s0, s1, s2, s3, s4] = [0, 1, 2, 3, 4].map((e) => sum((x) => x ** e));
  const [t0, t1, t2] = [0, 1, 2].map((e) => sum((x, y) => y * x ** e));
  // Normal equations, solved by Cramer's rule (3×3).
  const det3 = (m) =>
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
    m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
    m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  const M = [
    [s0, s1, s2],
    [s1, s2, s3],
    [s2, s3, s4],
  ];
  const T = [t0, t1, t2];
  const d = det3(M);
  const col = (k) => det3(M.map((r, i) => r.map((v, j) => (j === k ? T[i] : v))));
  const [a, b, c] = [col(0) / d, col(1) / d, col(2) / d];
  const xm = xs[xs.length - 1];
  const grow = b * xm + c * xm * xm;
  // The straight line through the same points, for the table: start-up and cost per line.
  const slope = (s0 * t1 - s1 * t0) / (s0 * s2 - s1 * s1);
  const intercept = (t0 - slope * s1) / s0;
  return { a, b, c, intercept, slope, quadratic: grow > 0 ? (c * xm * xm) / grow : Number.NaN };
}

/** Largest share of quadratic time accepted at the largest size (see fitScaling). */
const MAX_QUADRATIC_SHARE = 0.25;

function scalingSection(results) {
  const s = scalingSeries(results);
  if (!s) return { text: '', ok: undefined };
  const head = [
    'tool',
    ...s.points.map((p) => `${p.w.lines.toLocaleString('en-US')} lines / ${p.w.hunks} hunks`),
    'line fit: ms + ms per 10,000 lines',
    'quadratic share at 200,000 lines',
  ];
  const lines = [row(head), row(head.map((_, i) => (i === 0 ? '---' : '---:')))];
  let ok;
  const fits = new Map();
  for (const se of s.series) {
    const fit = se.pts.length >= 3 ? fitScaling(se.pts) : undefined;
    // The verdict's share: fitted round by round, then the median over rounds.
    // A round runs every size back to back, so a slow spell of the machine
    // bends no round's curve the way it bends a curve of medians taken minutes
    // apart.
    const n = se.rounds[0]?.length ?? 0;
    if (fit && n > 0 && se.rounds.every((r) => r.length === n) && se.rounds.length === s.points.length) {
      const shares = Array.from(
        { length: n },
        (_, k) => fitScaling(s.points.map((p, i) => ({ lines: p.w.lines, ms: se.rounds[i][k] }))).quadratic,
      )
        .filter(Number.isFinite)
        .sort((x, y) => x - y);
      if (shares.length)
        fit.quadratic = shares.length % 2 ? shares[shares.length >> 1] : (shares[shares.length / 2 - 1] + shares[shares.length / 2]) / 2;
    }
    fits.set(se.id, fit);
    if (se.id === 'cli' || se.id === 'bin')
      ok = (ok ?? true) && se.pts.length === s.points.length && fit !== undefined && fit.quadratic <= MAX_QUADRATIC_SHARE;
    const linear = fit ? `${fmtMs(fit.intercept)} + ${(fit.slope * 10).toFixed(1)}` : '—';
    lines.push(
      row([
        se.label,
        ...s.points.map((p) => fmtMs(se.pts.find((x) => x.lines === p.w.lines)?.ms)),
        linear,
        fit && Number.isFinite(fit.quadratic) ? fit.quadratic.toFixed(2) : '—',
      ]),
    );
  }
  return { text: lines.join('\n'), ok, series: s, fits };
}

/**
 * The batch rows' quadratic share per chord-patch tool (fitScaling over the
 * entry counts, round by round, then the median), and whether each is within
 * MAX_QUADRATIC_SHARE; undefined when the batch rows did not run.
 */
function batchScaling(results) {
  const points = results.filter((p) => p.batchScaling).sort((a, b) => a.w.entries - b.w.entries);
  if (points.length < 3) return undefined;
  const out = { ok: undefined };
  for (const id of ['cli', 'bin']) {
    const rounds = points.map((p) => p.rows.find((r) => r.id === id)?.ms ?? []);
    const n = rounds[0].length;
    if (n === 0 || !rounds.every((r) => r.length === n)) continue;
    const shares = Array.from(
      { length: n },
      (_, k) => fitScaling(points.map((p, i) => ({ lines: p.w.entries, ms: rounds[i][k] }))).quadratic,
    )
      .filter(Number.isFinite)
      .sort((x, y) => x - y);
    if (shares.length === 0) continue;
    const share = shares.length % 2 ? shares[shares.length >> 1] : (shares[shares.length / 2 - 1] + shares[shares.length / 2]) / 2;
    out[id] = share.toFixed(2);
    out.ok = (out.ok ?? true) && share <= MAX_QUADRATIC_SHARE;
  }
  return out;
}

/** One target row: `x` (a ratio, or undefined when not measured) against its bound. */
function target(what, x, bound) {
  return row([`${what} ≤ ${bound}×`, fmtRatio(x), verdict(x === undefined ? undefined : x <= bound)]);
}

/** Peak RSS of tool a over tool b's on one workload, from the check runs. */
function rssRatio(results, key, a, b) {
  const rows = get(results, key)?.rows;
  const ka = rows?.find((r) => r.id === a && r.status === 'ok')?.kb;
  const kb = rows?.find((r) => r.id === b && r.status === 'ok')?.kb;
  return ka !== undefined && kb !== undefined ? ka / kb : undefined;
}

/** One tool's median time on workload a over its median on workload b. */
function crossRatio(results, a, b, id) {
  const x = med(results, a, id);
  const y = med(results, b, id);
  return x !== undefined && y !== undefined ? x / y : undefined;
}

/** One tool's peak RSS on workload a over its peak on workload b (check runs). */
function crossRss(results, a, b, id) {
  const kb = (key) => get(results, key)?.rows.find((r) => r.id === id && r.status === 'ok')?.kb;
  const x = kb(a);
  const y = kb(b);
  return x !== undefined && y !== undefined ? x / y : undefined;
}

function targets(results) {
  const out = [row(['target', 'measured', 'verdict']), row(['---', '---', '---'])];
  out.push(target('binary, small patch: time ÷ Codex apply_patch', ratio(results, 'small', 'bin', 'codex'), 1.3));
  for (const [key, what] of [
    ['hunks', '100,000 lines / 500 hunks'],
    ['crlf', '100,000 lines / 500 hunks, CRLF'],
    ['drift', '100,000 lines / 500 hunks, whitespace drift'],
  ]) {
    out.push(target(`binary, ${what}: time ÷ Codex apply_patch`, ratio(results, key, 'bin', 'codex'), 0.6));
  }
  out.push(
    target(
      'binary, 1,000-file envelope (every file fsynced before its rename, directories fsynced): time ÷ Codex apply_patch',
      ratio(results, 'files', 'bin', 'codex'),
      1.0,
    ),
  );
  out.push(target('binary, `--version`: time ÷ `bun -e 0`', ratio(results, 'version', 'bin', 'bun'), 2));
  // Issue 27's: the npm-installed command and the binary against the floors of their runtime.
  out.push(target('npm-installed command, `--version`: time ÷ `bun -e 0`', ratio(results, 'version', 'npm', 'bun'), 2));
  out.push(target('npm-installed command, small patch: time ÷ the durable floor', ratio(results, 'small', 'npm', 'bunio'), 1.3));
  out.push(target('binary, small patch: time ÷ the durable floor', ratio(results, 'small', 'bin', 'bunio'), FLOOR_TARGETS.small));
  out.push(
    target('binary, 100,000 lines / 500 hunks: time ÷ the durable floor', ratio(results, 'hunks', 'bin', 'bunio'), FLOOR_TARGETS.hunks),
  );
  out.push(target('binary, 100,000 lines / 500 hunks: time ÷ Codex apply_patch', ratio(results, 'hunks', 'bin', 'codex'), 1.0));
  out.push(target('binary, 1,000-file envelope: time ÷ the durable floor', ratio(results, 'files', 'bin', 'bunio'), FLOOR_TARGETS.files));
  out.push(target('Node CLI, `--version`: time ÷ `node -e 0`', ratio(results, 'version', 'cli', 'node'), 1.1));
  out.push(target('Node CLI, small patch: time ÷ `node -e 0`', ratio(results, 'small', 'cli', 'node'), 1.2));
  out.push(target("binary, 100,000 lines / 500 hunks: peak RSS ÷ Codex apply_patch's", rssRatio(results, 'hunks', 'bin', 'codex'), 1.5));
  for (const [miss, match, what] of [
    ['miss', 'missMatch', '100,000-line file'],
    ['longMiss', 'longMatch', '4,000 lines of 5,000 characters'],
    ['nearMiss', 'nearMatch', '1,000,000 lines differing only by a number'],
    ['repeatMiss', 'repeatMatch', '4,000-line hunk among 160,000 repeated lines'],
  ]) {
    out.push(target(`Node CLI, hunk not found ÷ the same hunk found, ${what}: time`, crossRatio(results, miss, match, 'cli'), 3));
    out.push(target(`Node CLI, hunk not found ÷ the same hunk found, ${what}: peak RSS`, crossRss(results, miss, match, 'cli'), 3));
  }
  out.push(
    target(
      'Node CLI, edit missing from one 20 MB line ÷ the same edit found: time',
      crossRatio(results, 'lineMissEdit', 'lineMatchEdit', 'cli'),
      3,
    ),
  );
  out.push(
    target(
      'Node CLI, edit missing from one 20 MB line ÷ the same edit found: peak RSS',
      crossRss(results, 'lineMissEdit', 'lineMatchEdit', 'cli'),
      3,
    ),
  );
  const batch = batchScaling(results);
  out.push(
    row([
      'batch edits scale linearly: a quadratic fit of time against entries over 5,000-80,000 entries ' +
        `puts at most ${MAX_QUADRATIC_SHARE} of the size-dependent time in its quadratic term`,
      batch ? `CLI ${batch.cli ?? '—'}, binary ${batch.bin ?? '—'}` : '—',
      verdict(batch?.ok),
    ]),
  );
  const sc = scalingSection(results);
  const share = (id) => sc.fits?.get(id)?.quadratic;
  const fmtShare = (x) => (x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(2));
  out.push(
    row([
      'linear scaling: a quadratic fit of time against size over 25,000-200,000 lines (hunks scaled alike) ' +
        `puts at most ${MAX_QUADRATIC_SHARE} of the size-dependent time in its quadratic term`,
      `CLI ${fmtShare(share('cli'))}, binary ${fmtShare(share('bin'))}`,
      verdict(sc.ok),
    ]),
  );
  return { text: out.join('\n'), scaling: sc };
}

/**
 * What the front-end probe shows: the part of the binary's time that is
 * Bun, loading the code, commander and the durable I/O, against the target
 * each workload's binary ÷ durable-floor ratio has.
 */
function frontEndFacts(results) {
  const facts = [];
  for (const [key, what, target] of [
    ['small', 'the small patch', FLOOR_TARGETS.small],
    ['hunks', '100,000 lines / 500 hunks', FLOOR_TARGETS.hunks],
    ['files', 'the 1,000-file envelope', FLOOR_TARGETS.files],
  ]) {
    const front = med(results, key, 'binfront');
    const durable = med(results, key, 'bunio');
    const bin = med(results, key, 'bin');
    if (front === undefined || durable === undefined || bin === undefined) continue;
    const room = target * durable - front;
    facts.push(
      `- The binary's front end on ${what}: the same executable, whose \`apply\` reads the patch and only writes ` +
        `the patched files back durably, takes ${fmtMs(front)} ms ` +
        `(${fmtRatio(ratio(results, key, 'binfront', 'bunio'))} the durable floor; the binary ` +
        `${fmtMs(bin)} ms). That is Bun, loading chord-patch's code, commander's program and the durable I/O, before ` +
        'anything is parsed, planned, locked or journalled. ' +
        (room > 0
          ? `The ${target}× target leaves ${fmtMs(room)} ms for all of that; chord-patch spends ${fmtStage(bin - front)}.`
          : `The ${target}× target is below it: no chord-patch on this front end can meet it.`),
    );
    const locked = med(results, key, 'binlocked');
    if (locked === undefined) continue;
    const lockRoom = target * durable - locked;
    facts.push(
      `- The same under the locks every writing run takes first (the root's commit lock with its recovery scan, ` +
        `the files' own locks), from chord-patch's own code: ${fmtMs(locked)} ms on ${what} ` +
        `(${fmtRatio(ratio(results, key, 'binlocked', 'bunio'))} the durable floor; the locks ${fmtStage(locked - front)}). ` +
        (lockRoom > 0
          ? `The ${target}× target leaves ${fmtMs(lockRoom)} ms for parsing, matching, planning, the journal and the report; ` +
            `chord-patch spends ${fmtStage(bin - locked)}.`
          : `The ${target}× target is below it: no chord-patch that keeps its locking promises can meet it.`),
    );
    const decoded = med(results, key, 'bindecoded');
    if (decoded === undefined) continue;
    const decodedRoom = target * durable - decoded;
    facts.push(
      `- The same plus parsing the patch and decoding the files into lines (the UTF-8 check and every line's start), ` +
        `again chord-patch's own code: ${fmtMs(decoded)} ms on ${what} ` +
        `(${fmtRatio(ratio(results, key, 'bindecoded', 'bunio'))} the durable floor; the reading ${fmtStage(decoded - locked)}). ` +
        (decodedRoom > 0
          ? `The ${target}× target leaves ${fmtMs(decodedRoom)} ms for matching, planning, the journal and the report; ` +
            `chord-patch spends ${fmtStage(bin - decoded)}.`
          : `The ${target}× target is below it: no chord-patch that reads the file as text before matching can meet it.`),
    );
  }
  const execBun = med(results, 'version', 'bunexec');
  const bunVersion = med(results, 'version', 'bun');
  const binVersion = med(results, 'version', 'bin');
  if (execBun !== undefined && bunVersion !== undefined && binVersion !== undefined) {
    const exec = Math.max(0, execBun - bunVersion);
    facts.push(
      `- A bin shim that execs the binary costs at least one more process image: \`bun -e 0\` exec-ed by a one-line ` +
        `sh script takes ${fmtMs(execBun)} ms, ${fmtMs(exec)} ms over \`bun -e 0\`. So the npm-installed \`--version\` ` +
        `cannot go below the binary's ${fmtMs(binVersion)} ms plus that, ${fmtMs(binVersion + exec)} ms ` +
        `(${fmtRatio((binVersion + exec) / bunVersion)} \`bun -e 0\`, against the 2× target; the command takes ` +
        `${fmtMs(med(results, 'version', 'npm'))} ms).`,
    );
  }
  const npmSmall = med(results, 'small', 'npm');
  const lockedSmall = med(results, 'small', 'binlocked');
  const durableSmall = med(results, 'small', 'bunio');
  const shim = (med(results, 'version', 'npm') ?? Number.NaN) - (med(results, 'version', 'bin') ?? Number.NaN);
  if (npmSmall !== undefined && lockedSmall !== undefined && durableSmall !== undefined && Number.isFinite(shim)) {
    const least = lockedSmall + Math.max(0, shim);
    facts.push(
      `- The npm-installed command pays the binary's time plus its bin shim's (\`--version\`: ${fmtMs(Math.max(0, shim))} ms more than ` +
        `the binary): with the locked floor that is ${fmtMs(least)} ms before anything is parsed ` +
        `(${fmtRatio(least / durableSmall)} the durable floor, against the 1.3× target; the command takes ${fmtMs(npmSmall)} ms).`,
    );
  }
  return facts;
}

/** Facts from this run that bound the targets (see bench/README.md for the rest). */
function limits(results, floorKb) {
  const facts = [];
  const nodeFloor = med(results, 'small', 'node');
  const bunFloor = med(results, 'small', 'bun');
  const codexSmall = med(results, 'small', 'codex');
  const smallDurable = med(results, 'small', 'bunio');
  if (nodeFloor !== undefined && bunFloor !== undefined && codexSmall !== undefined) {
    facts.push(
      `- Start-up: \`bun -e 0\` takes ${fmtMs(bunFloor)} ms and \`node -e 0\` ${fmtMs(nodeFloor)} ms, ` +
        `against ${fmtMs(codexSmall)} ms for Codex's whole small patch ` +
        `(binary: ${fmtMs(med(results, 'small', 'bin'))} ms, Node CLI: ${fmtMs(med(results, 'small', 'cli'))} ms)` +
        (smallDurable !== undefined
          ? `; a Bun script that only replaces the file durably (temp file, fsync, rename, directory fsync) takes ${fmtMs(smallDurable)} ms`
          : '') +
        '.',
    );
  }
  const load = med(results, 'small', 'binload');
  if (load !== undefined && bunFloor !== undefined && smallDurable !== undefined) {
    // The durable floor runs under `bun`, so only what loading costs beyond `bun -e 0` adds to it.
    const least = smallDurable + Math.max(0, load - bunFloor);
    facts.push(
      `- Loading the binary's code: built to exit at its first statement, the binary takes ${fmtMs(load)} ms ` +
        `(\`bun -e 0\`: ${fmtMs(bunFloor)} ms), before any of chord-patch runs. Before it parses, plans, locks or ` +
        `journals anything, a small patch has spent ${fmtMs(least)} ms (${fmtRatio(least / smallDurable)} the durable floor).`,
    );
  }
  facts.push(...frontEndFacts(results));
  const codex = med(results, 'hunks', 'codex');
  const bin = med(results, 'hunks', 'bin');
  const io = med(results, 'hunks', 'nodeio');
  const durable = med(results, 'hunks', 'bunio');
  if (codex !== undefined && bin !== undefined) {
    facts.push(
      `- 100,000 lines / 500 hunks: Codex ${fmtMs(codex)} ms, the binary ${fmtMs(bin)} ms, ` +
        `the Node CLI ${fmtMs(med(results, 'hunks', 'cli'))} ms` +
        (io !== undefined
          ? `; a Node script that only reads the file and writes it back (temp file, fsync, rename) takes ${fmtMs(io)} ms`
          : '') +
        (durable !== undefined ? `, the same under Bun (the binary's runtime) ${fmtMs(durable)} ms` : '') +
        '.',
    );
  }
  const piped = med(results, 'hunks', 'binpipe');
  const filesPiped = med(results, 'files', 'binpipe');
  if (piped !== undefined && codex !== undefined) {
    facts.push(
      '- The figures above send stdout to /dev/null, where the CLI builds no diff. Read through a pipe (the diff ' +
        `built and printed), the binary takes ${fmtMs(piped)} ms on 100,000 lines / 500 hunks ` +
        `(${fmtRatio(ratio(results, 'hunks', 'binpipe', 'codex'))} Codex)` +
        (filesPiped !== undefined
          ? ` and ${fmtMs(filesPiped)} ms on the 1,000-file envelope (${fmtRatio(ratio(results, 'files', 'binpipe', 'codex'))} Codex)`
          : '') +
        '.',
    );
  }
  const filesDurable = med(results, 'files', 'bunio');
  const filesCodex = med(results, 'files', 'codex');
  if (filesDurable !== undefined && filesCodex !== undefined) {
    facts.push(
      `- 1,000-file envelope: Codex, which rewrites each file in place with no fsync, ${fmtMs(filesCodex)} ms; ` +
        `the binary ${fmtMs(med(results, 'files', 'bin'))} ms; a Bun script doing only the durable atomic replacement ` +
        `chord-patch's commit needs (a temp file per file, every one fsynced, a backup link, the rename, ` +
        `each directory fsynced) ${fmtMs(filesDurable)} ms, ${fmtRatio(ratio(results, 'files', 'bunio', 'codex'))} Codex's time (paired).`,
    );
  }
  const hunks = get(results, 'hunks');
  const kbOf = (id) => hunks?.rows.find((r) => r.id === id)?.kb;
  if (kbOf('bin') !== undefined && kbOf('codex') !== undefined && floorKb.bun !== undefined && hunks) {
    const mbFile = hunks.w.bytesTouched / 2 ** 20;
    facts.push(
      `- Memory on the 100,000-line file (${mbFile.toFixed(1)} MB): ` +
        `the binary peaks at ${mb(kbOf('bin'))} MB, of which \`bun -e 0\` is ${mb(floorKb.bun)} MB; ` +
        `Codex at ${mb(kbOf('codex'))} MB; the Node CLI at ${mb(kbOf('cli'))} MB (\`node -e 0\`: ${mb(floorKb.node)} MB).`,
    );
  }
  return facts.length ? `## Where the time and memory go\n\n${facts.join('\n')}` : '';
}

export function resultsMarkdown(results, info) {
  const m = info.machine;
  const floor = (id) =>
    get(results, 'version')?.rows.find((r) => r.id === id)?.kb ?? get(results, 'small')?.rows.find((r) => r.id === id)?.kb;
  const floorKb = { node: floor('node'), bun: floor('bun') };
  const t = targets(results);
  const tools = info.tools.map((x) => `- ${x.label}: ${x.skip ? `skipped (${x.skip})` : (x.version ?? '')}`).join('\n');
  const quick = info.quick ? ' **Quick run (--quick): fewer repetitions, noisier figures.**' : '';
  const only = info.only ? ` **Partial run (--only ${info.only.join(',')}).**` : '';
  const busy = info.load && (info.load[0] > m.cores || info.load[1] > m.cores);
  const load = info.load
    ? `Load average (1 min) at the start and end of the run: ${info.load.map((l) => l.toFixed(1)).join(' and ')}` +
      `${busy ? ': a busy machine, where only the same-round ratios mean much' : ''}.`
    : '';
  return `# chord-patch benchmarks

Measured by \`npm run bench\` (scripts/bench.mjs) on ${info.date.slice(0, 10)} (${info.date}), in ${info.seconds.toFixed(0)} s.
Every number below comes from that one run.${quick}${only}

Machine: ${m.cpu}, ${m.cores} cores, ${m.memGiB} GiB RAM, Linux ${m.kernel}, Node ${m.node}.
${load}

Tools:
${tools}

How to read it: each figure is the median wall time of alternating runs (the tool order
rotates every round; each run gets a fresh copy of the tree; stdout goes to /dev/null), started
from a small runner process of its own (scripts/bench/runner.mjs), so that the memory the bench
holds does not slow every start (it added about 20 ms to every run before 2026-11-30). The
number of rounds per workload is what fits a time budget (${info.repsStartup.join('–')} rounds for start-up
workloads, ${info.repsHeavy.join('–')} for the others), listed in the note column. Before any run is timed, every tool's
result is checked against the expected tree byte for byte; a tool that produced anything else is listed
but not timed. "CLI ÷ tool" is the median, over the rounds of this run, of chord-patch's time
over that tool's time in the same round (back-to-back runs, so the machine's slow spells cancel):
below 1.00× chord-patch is faster. Peak RSS is from one separate run under ${info.timeBin ?? 'a /proc VmHWM poll'}.
The chord-patch CLI prints its coloured-diff report (uncoloured here) like a user would see it.

## Targets

${t.text}

${limits(results, floorKb)}

## Results

${resultsTable(results, floorKb)}

${mcpSection(info.mcp)}## Scaling

The 500-hunk workload at 1/4, 1/2, full and double size (hunk count scales with the lines), measured
in shared rounds (each round runs every size once). "line fit" is the least-squares line through
the four medians: a start-up, plus the time each 10,000 lines (and 50 hunks) add. "quadratic
share" comes from least-squares fits with an x² term, one per round, and is the median over the
rounds: the part of the size-dependent time at 200,000 lines that the x² term carries, about 0
for a linear path and about 1 for a quadratic one (noise moves it either way; below 0, the
points bend the other way). git apply runs the three smaller sizes only (about 2 s a run at the
largest, half of a round), so its line fit and share are over those three (its share at 100,000
lines), fitted through the medians.
Chart: [scaling.svg](scaling.svg).

${t.scaling.text}

![time against file size](scaling.svg)
`;
}

/** The MCP server's per-call times (scripts/bench/mcp.mjs), or nothing when that part was not run. */
function mcpSection(mcp) {
  if (!mcp) return '';
  const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
  const rows = mcp.flatMap((c) =>
    c.sizes.map((z) =>
      z.error
        ? `| ${c.label} | ${z.lines.toLocaleString('en-US')} | failed: ${z.error} | | | |`
        : `| ${c.label} | ${z.lines.toLocaleString('en-US')} | ${ms(z.connect)} | ${ms(z.edit)} | ${ms(z.patch)} | ` +
          `${(z.patch / z.edit).toFixed(2)}× |`,
    ),
  );
  return `## The MCP server, per call

An agent's session as it drives \`chord-patch mcp\`: the SDK's client over stdio, one server per
file, whose session first edits the file 8 times (the states its pre-image store keeps per file,
so every later patch is also checked against each of them for undoing an earlier edit). Then
edit and apply_patch calls alternate, each changing one line no earlier call touched, each written
durably; the medians are over those calls, timed from the client's request to its answer.
"connect" is the server's start and the MCP handshake.

| server | file lines | connect, ms | edit call, ms | apply_patch call, ms | apply_patch ÷ edit |
| --- | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}

`;
}

const COLORS = { cli: '#d62728', bin: '#ff7f0e', codex: '#1f77b4', git: '#2ca02c', patch: '#9467bd' };

function niceStep(max, ticks) {
  const raw = max / ticks;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map((k) => k * p).find((s) => s >= raw) ?? raw;
}

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function scalingSvg(results, info) {
  const s = scalingSeries(results);
  if (!s) return undefined;
  const W = 760;
  const H = 440;
  const L = 70;
  const R = 230;
  const T = 50;
  const B = 60;
  const maxX = Math.max(...s.series.flatMap((x) => x.pts.map((p) => p.mb)));
  const maxY = Math.max(...s.series.flatMap((x) => x.pts.map((p) => p.ms)));
  const xs = niceStep(maxX, 5);
  const ys = niceStep(maxY, 6);
  const xMax = Math.ceil(maxX / xs) * xs;
  const yMax = Math.ceil(maxY / ys) * ys;
  const X = (v) => L + (v / xMax) * (W - L - R);
  const Y = (v) => H - B - (v / yMax) * (H - T - B);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" ` +
      'font-family="sans-serif" font-size="12">',
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${L}" y="22" font-size="15" font-weight="bold">` +
      'Wall time against file size (500-hunk workload, hunks scale with lines)</text>',
    `<text x="${L}" y="38" fill="#555">median of alternating runs; ` +
      `${esc(info.machine.cpu)}, ${info.machine.cores} cores, Node ${info.machine.node}, ${info.date.slice(0, 10)}</text>`,
  ];
  for (let v = 0; v <= xMax + 1e-9; v += xs) {
    out.push(`<line x1="${X(v)}" y1="${T}" x2="${X(v)}" y2="${H - B}" stroke="#eee"/>`);
    out.push(`<text x="${X(v)}" y="${H - B + 16}" text-anchor="middle">${+v.toFixed(2)}</text>`);
  }
  for (let v = 0; v <= yMax + 1e-9; v += ys) {
    out.push(`<line x1="${L}" y1="${Y(v)}" x2="${W - R}" y2="${Y(v)}" stroke="#eee"/>`);
    out.push(`<text x="${L - 6}" y="${Y(v) + 4}" text-anchor="end">${+v.toFixed(1)}</text>`);
  }
  out.push(
    `<line x1="${L}" y1="${H - B}" x2="${W - R}" y2="${H - B}" stroke="#333"/>`,
    `<line x1="${L}" y1="${T}" x2="${L}" y2="${H - B}" stroke="#333"/>`,
  );
  out.push(`<text x="${(L + W - R) / 2}" y="${H - 18}" text-anchor="middle">file size (MB; 25,000 → 200,000 lines)</text>`);
  out.push(`<text transform="translate(18 ${(T + H - B) / 2}) rotate(-90)" text-anchor="middle">median wall time (ms)</text>`);
  // The start-up floor every Node program pays (node -e 0, small-patch round).
  const floor = med(results, 'small', 'node') ?? med(results, 'version', 'node');
  if (floor !== undefined && floor <= yMax) {
    out.push(
      `<line x1="${L}" y1="${Y(floor).toFixed(1)}" x2="${W - R}" y2="${Y(floor).toFixed(1)}" stroke="#777" stroke-dasharray="5 4"/>`,
    );
    out.push(
      `<text x="${W - R - 4}" y="${(Y(floor) - 5).toFixed(1)}" text-anchor="end" fill="#555">` +
        `node -e 0 (start-up floor) ${fmtMs(floor)} ms</text>`,
    );
  }
  s.series.forEach((se, i) => {
    const c = COLORS[se.id] ?? '#000';
    out.push(
      `<polyline fill="none" stroke="${c}" stroke-width="2" ` +
        `points="${se.pts.map((p) => `${X(p.mb).toFixed(1)},${Y(p.ms).toFixed(1)}`).join(' ')}"/>`,
    );
    for (const p of se.pts)
      out.push(
        `<circle cx="${X(p.mb).toFixed(1)}" cy="${Y(p.ms).toFixed(1)}" r="3.5" fill="${c}">` +
          `<title>${esc(se.label)}: ${p.lines} lines, ${p.ms.toFixed(1)} ms</title></circle>`,
      );
    const ly = T + 10 + i * 22;
    out.push(`<line x1="${W - R + 20}" y1="${ly}" x2="${W - R + 44}" y2="${ly}" stroke="${c}" stroke-width="2"/>`);
    out.push(
      `<text x="${W - R + 50}" y="${ly + 4}">` +
        `${esc(se.label.replace(/ \(.*\)$/, se.id === 'cli' ? ' CLI' : se.id === 'bin' ? ' binary' : ''))} ` +
        `${fmtMs(se.pts[se.pts.length - 1].ms)} ms</text>`,
    );
  });
  out.push('</svg>', '');
  return out.join('\n');
}
