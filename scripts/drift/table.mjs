// The drift table: one row per kind x tool, totals, and the must-apply rate.

export const VERDICTS = ['correct', 'refused', 'wrong', 'crash'];

export function tally(results) {
  const rows = new Map();
  const total = { cases: 0, must: 0, mustCorrect: 0, correct: 0, refused: 0, wrong: 0, crash: 0 };
  for (const { c, verdict } of results) {
    const key = `${c.kind}\t${c.tool}`;
    if (!rows.has(key))
      rows.set(key, { kind: c.kind, tool: c.tool, cases: 0, must: 0, mustCorrect: 0, correct: 0, refused: 0, wrong: 0, crash: 0 });
    for (const row of [rows.get(key), total]) {
      row.cases++;
      row[verdict]++;
      if (c.expect === 'must') {
        row.must++;
        if (verdict === 'correct') row.mustCorrect++;
      }
    }
  }
  return { rows: [...rows.values()], total };
}

const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);

export function formatTable({ rows, total }) {
  const head = ['kind', 'tool', 'cases', 'must', 'correct', 'refused', 'wrong', 'crash', 'must ok'];
  const body = rows.map((r) => [r.kind, r.tool, r.cases, r.must, r.correct, r.refused, r.wrong, r.crash, pct(r.mustCorrect, r.must)]);
  const foot = [
    'TOTAL',
    '',
    total.cases,
    total.must,
    total.correct,
    total.refused,
    total.wrong,
    total.crash,
    pct(total.mustCorrect, total.must),
  ];
  const all = [head, ...body, foot].map((r) => r.map(String));
  const widths = head.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => r.map((v, i) => (i < 2 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(all[0]), rule, ...all.slice(1, -1).map(line), rule, line(all[all.length - 1])].join('\n');
}
