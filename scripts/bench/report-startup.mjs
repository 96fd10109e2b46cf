// The "Node start-up tricks" section of bench/results.md: what the Node CLI
// costs more, in the same rounds, when built without each trick
// (startup-variants.mjs). A trick whose row shows no cost beyond the noise no
// longer pays for itself.

import { TRICKS, variantId } from './startup-variants.mjs';

const fmt = (ms) => (ms === undefined ? '—' : `${ms >= 0 ? '+' : ''}${ms.toFixed(1)} ms`);
const fmtRatio = (r) => (r === undefined || !Number.isFinite(r) ? '—' : `${r.toFixed(2)}×`);

/** `ratio(results, key, a, b)`: paired ratio of a's time over b's (report.mjs). */
export function startupSection(results, ratio) {
  const median = (key, id) => results.find((r) => r.key === key)?.rows.find((r) => r.id === id)?.median;
  const cell = (key, trick) => {
    const base = median(key, 'cli');
    const without = median(key, variantId(trick));
    if (base === undefined || without === undefined) return '—';
    return `${fmt(without - base)} (${fmtRatio(ratio(results, key, variantId(trick), 'cli'))})`;
  };
  if (!TRICKS.some((t) => median('small', variantId(t)) !== undefined)) return '';
  const lines = [
    '| trick | what it does | where | small patch, without it | `--version`, without it |',
    '| --- | --- | --- | ---: | ---: |',
    ...TRICKS.map((t) => `| ${t.id} | ${t.what} | \`${t.where}\` | ${cell('small', t)} | ${cell('version', t)} |`),
  ];
  return `## Node start-up tricks

The Node CLI built without one trick at a time (scripts/bench/startup-variants.mjs), in the
same rounds as the rows above: the median time it takes more than the CLI as shipped (${fmt(median('small', 'cli')).slice(1)} on
the small patch, ${fmt(median('version', 'cli')).slice(1)} for \`--version\`), and the paired ratio. Each module's header
quotes these figures; a trick that shows nothing beyond the noise should go.

${lines.join('\n')}`;
}
