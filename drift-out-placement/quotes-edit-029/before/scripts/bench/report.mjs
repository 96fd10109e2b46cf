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
const fmtRatio = (r) => (r === undefined || !Number.isFinite(r) ? '—' : `${r.toFixed(2)}×`);
const mb = (kb) => (kb === undefined ? '—' : (kb / 1024).toFixed(0));
const row = (cells) => `| ${cells.join(' | ')} |`;
const verdict = (ok) => (ok === undefined ? 'not measured' : ok ? '**met**' : '**missed**');

function get(results, key) {
  return results.find((r) => r.key === key);
}
function med(results, key, id) {
  return get(results, key)?.rows.find((r) => r.id === id)?.median;
}

function peerRows(results, p) {
  if (!p.peersFrom) return p.rows;
  const src = get(results, p.peersFrom);
  return [...p.rows, ...(src?.rows ?? []).filter((r) => !r.chord).map((r) => ({ ...r, label: `${r.label} (hunk-not-found run above)`, borrowed: true }))];
}

function resultsTable(results, nodeKb) {
  const lines = [
    row(['workload', 'tool', 'median ms', 'CLI ÷ tool', 'binary ÷ tool', 'peak RSS MB', 'RSS above node, × bytes touched', 'note']),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---']),
  ];
  for (const p of results) {
    const cli = med(results, p.key, 'cli');
    const bin = med(results, p.key, 'bin');
    for (const r of peerRows(results, p)) {
      const peer = !r.chord && r.median !== undefined;
      const mem = r.chord && r.kb !== undefined && nodeKb !== undefined && p.mode !== 'version' ? ((r.kb - nodeKb) * 1024) / p.w.bytesTouched : undefined;
      const note =
        r.status === 'ok' ? `${r.ms.length} runs${r.rssExact === false ? '; RSS polled (lower bound)' : ''}` : `${r.status}: ${r.reason}`;
      lines.push(
        row([
          r === p.rows[0] ? p.title : '',
          r.label,
          fmtMs(r.median),
          peer ? fmtRatio(cli / r.median) : '',
          peer ? fmtRatio(bin / r.median) : '',
          r.borrowed ? '' : mb(r.kb),
          mem === undefined ? '' : mem.toFixed(2),
          r.borrowed ? 'reference' : note.replace(/\|/g, '\\|'),
        ]),
      );
    }
  }
  return lines.join('\n');
}

/** Scaling points: the three scaled runs plus the full 100k/500 run, per tool. */
function scalingSeries(results) {
  const points = results.filter((p) => p.scaling || p.key === 'hunks').sort((a, b) => a.w.lines - b.w.lines);
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
      };
    })
    .filter((s) => s.pts.length >= 2);
  return { points, series };
}

function scalingSection(results) {
  const s = scalingSeries(results);
  if (!s) return { text: '', ok: undefined };
  const head = ['tool', ...s.points.map((p) => `${p.w.lines.toLocaleString('en-US')} lines / ${p.w.hunks} hunks`), 'per doubling: (t − s) ratio', '8× size: (t − s) ratio'];
  const lines = [row(head), row(head.map((_, i) => (i === 0 ? '---' : '---:')))];
  let ok;
  for (const se of s.series) {
    // s = the tool's own start-up plus a one-hunk edit: what does not grow with size.
    const base = med(results, 'small', se.id) ?? 0;
    const grow = se.pts.map((p) => p.ms - base);
    const steps = grow.slice(1).map((g, i) => g / grow[i]);
    const whole = grow[grow.length - 1] / grow[0];
    if (se.id === 'cli' || se.id === 'bin') ok = (ok ?? true) && steps.every((x) => x <= 2) && se.pts.length === s.points.length;
    lines.push(row([se.label, ...s.points.map((p) => fmtMs(se.pts.find((x) => x.lines === p.w.lines)?.ms)), steps.map((x) => x.toFixed(2)).join(', '), whole.toFixed(2)]));
  }
  return { text: lines.join('\n'), ok, series: s };
}

function targets(results, info, nodeKb) {
  const r = (a, b) => (a !== undefined && b !== undefined ? a / b : undefined);
  const out = [row(['target', 'measured', 'verdict']), row(['---', '---', '---'])];
  const startup = [
    ['`--version`, CLI', r(med(results, 'version', 'cli'), med(results, 'version', 'node'))],
    ['`--version`, binary', r(med(results, 'version', 'bin'), med(results, 'version', 'node'))],
    ['small patch, CLI', r(med(results, 'small', 'cli'), med(results, 'small', 'node'))],
    ['small patch, binary', r(med(results, 'small', 'bin'), med(results, 'small', 'node'))],
  ];
  for (const [what, x] of startup) out.push(row([`${what} ≤ 1.2× \`node -e 0\``, fmtRatio(x), verdict(x === undefined ? undefined : x <= 1.2)]));
  for (const [what, id] of [['CLI', 'cli'], ['binary', 'bin']]) {
    const x = r(med(results, 'hunks', id), med(results, 'hunks', 'codex'));
    out.push(row([`100,000 lines / 500 hunks, ${what} ≤ 0.8× Codex apply_patch`, fmtRatio(x), verdict(x === undefined ? undefined : x <= 0.8)]));
  }
  const sc = scalingSection(results);
  out.push(row(['linear scaling: doubling size and hunks at most doubles (time − start-up)', 'see Scaling', verdict(sc.ok)]));
  for (const [what, id] of [['CLI', 'cli'], ['binary', 'bin']]) {
    let worst;
    for (const p of results) {
      if (p.mode === 'version') continue;
      const x = p.rows.find((q) => q.id === id);
      if (x?.kb === undefined || nodeKb === undefined || x.status !== 'ok') continue;
      const f = ((x.kb - nodeKb) * 1024) / p.w.bytesTouched;
      if (p.w.bytesTouched >= 1e6 && (!worst || f > worst.f)) worst = { f, title: p.title };
    }
    out.push(
      row([
        `peak RSS above \`node -e 0\` ≤ 4× bytes touched, ${what} (workloads ≥ 1 MB)`,
        worst ? `worst ${worst.f.toFixed(2)}× (${worst.title})` : '—',
        verdict(worst ? worst.f <= 4 : undefined),
      ]),
    );
  }
  return { text: out.join('\n'), scaling: sc };
}

export function resultsMarkdown(results, info) {
  const m = info.machine;
  const nodeKb = get(results, 'version')?.rows.find((r) => r.id === 'node')?.kb ?? get(results, 'small')?.rows.find((r) => r.id === 'node')?.kb;
  const t = targets(results, info, nodeKb);
  const tools = info.tools.map((x) => `- ${x.label}: ${x.skip ? `skipped (${x.skip})` : (x.version ?? '')}`).join('\n');
  return `# chord-patch benchmarks

Measured by \`npm run bench\` (scripts/bench.mjs) on ${info.date.slice(0, 10)} (${info.date}), in ${info.seconds.toFixed(0)} s.
Every number below comes from that one run.${info.quick ? ' **Quick run (--quick): fewer repetitions, noisier figures.**' : ''}

Machine: ${m.cpu}, ${m.cores} cores, ${m.memGiB} GiB RAM, Linux ${m.kernel}, Node ${m.node}.

Tools:
${tools}

How to read it: each figure is the median wall time of alternating runs
(${info.repsStartup} for start-up workloads, ${info.repsHeavy} for the others; the tool order rotates every round;
each run gets a fresh copy of the tree; stdout goes to /dev/null). Before any run is timed, every tool's
result is checked against the expected tree byte for byte; a tool that produced anything else is listed
but not timed. "CLI ÷ tool" is chord-patch's median over that tool's median in this run: below 1.00×
chord-patch is faster. Peak RSS is from one separate run under ${info.timeBin ?? 'a /proc VmHWM poll'}.
The chord-patch CLI prints its coloured-diff report (uncoloured here) like a user would see it.

## Targets

${t.text}

## Results

${resultsTable(results, nodeKb)}

## Scaling

The 500-hunk workload at 1/8, 1/4, 1/2 and full size (hunk count scales with the lines).
"(t − s) ratio" divides the size-dependent part of the time (the median minus the tool's own
small-patch median, i.e. its start-up) at one size by the one before: 2.00 is exactly linear,
4.00 would be quadratic. Chart: [scaling.svg](scaling.svg).

${t.scaling.text}

![time against file size](scaling.svg)
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
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${L}" y="22" font-size="15" font-weight="bold">Wall time against file size (500-hunk workload, hunks scale with lines)</text>`,
    `<text x="${L}" y="38" fill="#555">median of alternating runs; ${esc(info.machine.cpu)}, ${info.machine.cores} cores, Node ${info.machine.node}, ${info.date.slice(0, 10)}</text>`,
  ];
  for (let v = 0; v <= xMax + 1e-9; v += xs) {
    out.push(`<line x1="${X(v)}" y1="${T}" x2="${X(v)}" y2="${H - B}" stroke="#eee"/>`);
    out.push(`<text x="${X(v)}" y="${H - B + 16}" text-anchor="middle">${+v.toFixed(2)}</text>`);
  }
  for (let v = 0; v <= yMax + 1e-9; v += ys) {
    out.push(`<line x1="${L}" y1="${Y(v)}" x2="${W - R}" y2="${Y(v)}" stroke="#eee"/>`);
    out.push(`<text x="${L - 6}" y="${Y(v) + 4}" text-anchor="end">${+v.toFixed(1)}</text>`);
  }
  out.push(`<line x1="${L}" y1="${H - B}" x2="${W - R}" y2="${H - B}" stroke="#333"/>`, `<line x1="${L}" y1="${T}" x2="${L}" y2="${H - B}" stroke="#333"/>`);
  out.push(`<text x="${(L + W - R) / 2}" y="${H - 18}" text-anchor="middle">file size (MB; 12,500 → 100,000 lines)</text>`);
  out.push(`<text transform="translate(18 ${(T + H - B) / 2}) rotate(-90)" text-anchor="middle">median wall time (ms)</text>`);
  s.series.forEach((se, i) => {
    const c = COLORS[se.id] ?? '#000';
    out.push(`<polyline fill="none" stroke="${c}" stroke-width="2" points="${se.pts.map((p) => `${X(p.mb).toFixed(1)},${Y(p.ms).toFixed(1)}`).join(' ')}"/>`);
    for (const p of se.pts) out.push(`<circle cx="${X(p.mb).toFixed(1)}" cy="${Y(p.ms).toFixed(1)}" r="3.5" fill="${c}"><title>${esc(se.label)}: ${p.lines} lines, ${p.ms.toFixed(1)} ms</title></circle>`);
    const ly = T + 10 + i * 22;
    out.push(`<line x1="${W - R + 20}" y1="${ly}" x2="${W - R + 44}" y2="${ly}" stroke="${c}" stroke-width="2"/>`);
    out.push(`<text x="${W - R + 50}" y="${ly + 4}">${esc(se.label.replace(/ \(.*\)$/, se.id === 'cli' ? ' CLI' : se.id === 'bin' ? ' binary' : ''))} ${fmtMs(se.pts[se.pts.length - 1].ms)} ms</text>`);
  });
  out.push('</svg>', '');
  return out.join('\n');
}
