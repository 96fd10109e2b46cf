// Indentation drift as properties: random programs indented with one unit
// (a tab, or 1 to 8 spaces), changed by a hunk whose lines a model typed with
// another unit, in the three shapes models produce:
//   uniform drift   every hunk line in the model's unit;
//   context-only    the context and removed lines in the model's unit, the
//                   added lines already in the file's;
//   added-only      the context exact, the added lines with the other
//                   indentation character (spaces in a tab file, or tabs).
// Whatever the shape, the result is the intended file or nothing written
// (a refusal naming both readings); never added lines at a third
// indentation. Programs have block openers (`if cN:`), statements and
// continuation lines (`fN(aN,` then its argument one level deeper).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateHunks } from '../../src/match/hunks.js';
import { LineIndex } from '../../src/match/seek.js';
import type { Hunk, HunkLine } from '../../src/types.js';

const RUNS = { numRuns: 600, seed: Number(process.env.FC_SEED ?? 26_2026) };

interface Line {
  level: number;
  text: string;
}

/** A program: statements, `if` blocks and continued calls, each line unique. */
const programArb = fc.array(fc.constantFrom('stmt', 'stmt', 'block', 'call'), { minLength: 3, maxLength: 9 }).map((kinds) => {
  const lines: Line[] = [{ level: 0, text: 'def main():' }];
  let n = 0;
  const body = (level: number, kind: string) => {
    n++;
    if (kind === 'block') {
      lines.push({ level, text: `if c${n}:` });
      lines.push({ level: level + 1, text: `x${n}5 = ${n}` });
      lines.push({ level: level + 1, text: `w${n} = x${n}5` });
    } else if (kind === 'call') {
      lines.push({ level, text: `f${n}(a${n},` });
      lines.push({ level: level + 1, text: `b${n})` });
    } else lines.push({ level, text: `x${n} = ${n}` });
  };
  for (const k of kinds) body(1, k);
  return lines;
});

const unitArb = fc.constantFrom('\t', ' ', '  ', '   ', '    ', '     ', '      ', '       ', '        ');
const render = (l: Line, unit: string) => unit.repeat(l.level) + l.text;

/** The change: replace statement `at` by one or two statements, or add an `if` block after it. */
const changeArb = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('replace', 'replace2', 'block'),
  before: fc.integer({ min: 1, max: 3 }),
});

function scenario(program: Line[], change: { at: number; kind: string; before: number }) {
  const stmts = program.map((l, i) => ({ l, i })).filter(({ l }) => /^x\d/.test(l.text));
  if (stmts.length === 0) return undefined;
  const { i, l } = stmts[change.at % stmts.length]!;
  const added: Line[] =
    change.kind === 'replace'
      ? [{ level: l.level, text: `${l.text}0` }]
      : change.kind === 'replace2'
        ? [
            { level: l.level, text: `${l.text}1` },
            { level: l.level, text: `y = ${i}` },
          ]
        : [
            { level: l.level, text: l.text },
            { level: l.level, text: `if d${i}:` },
            { level: l.level + 1, text: `z${i} = ${i}` },
          ];
  const from = Math.max(0, i - change.before);
  const context = program.slice(from, i);
  const after = program.slice(i + 1, i + 2);
  const result = [...program.slice(0, i), ...added, ...program.slice(i + 1)];
  return { context, removed: l, added, after, result, start: from };
}

type Shape = 'uniform' | 'context-only' | 'added-only';

function hunkOf(s: NonNullable<ReturnType<typeof scenario>>, shape: Shape, file: string, model: string): Hunk {
  const old = (x: Line) => render(x, shape === 'added-only' ? file : model);
  const neu = (x: Line) => render(x, shape === 'context-only' ? file : model);
  const lines: HunkLine[] = [
    ...s.context.map((x) => ({ op: ' ' as const, text: old(x) })),
    { op: '-', text: old(s.removed) },
    ...s.added.map((x) => ({ op: '+' as const, text: neu(x) })),
    ...s.after.map((x) => ({ op: ' ' as const, text: old(x) })),
  ];
  return { lines, endOfFile: false, patchLine: 1 };
}

/** The file after the hunk's replacements, or undefined when it was refused. */
function applied(file: string[], hunk: Hunk): string[] | undefined {
  const r = locateHunks(new LineIndex(file), [hunk]);
  if (!r.ok) return undefined;
  const out = [...file];
  for (const rep of [...r.replacements].reverse()) {
    let f = rep.start;
    const neu: string[] = [];
    for (const x of rep.lines) {
      if (x.op === ' ') neu.push(file[f++]!);
      else if (x.op === '-') f++;
      else neu.push(x.text);
    }
    out.splice(rep.start, rep.oldLen, ...neu);
  }
  return out;
}

const spacesOnly = (u: string) => u !== '\t';

describe('indentation drift: the intended file or nothing', () => {
  const run = (shape: Shape, pick: (file: string, model: string) => boolean) => {
    const tally = { applied: 0, refused: 0 };
    fc.assert(
      fc.property(programArb, changeArb, unitArb, unitArb, (program, change, file, model) => {
        fc.pre(file !== model && pick(file, model));
        const s = scenario(program, change);
        fc.pre(s !== undefined);
        // Something quoted must be indented, or nothing shows the drift.
        fc.pre([...s!.context, s!.removed, ...s!.after].some((x) => x.level > 0));
        const fileLines = program.map((x) => render(x, file));
        const got = applied(fileLines, hunkOf(s!, shape, file, model));
        if (got === undefined) tally.refused++;
        else {
          tally.applied++;
          expect(got).toEqual(s!.result.map((x) => render(x, file)));
        }
      }),
      RUNS,
    );
    return tally;
  };

  it('re-indents a hunk that drifted as a whole, or refuses it', () => {
    const t = run('uniform', () => true);
    expect(t.applied).toBeGreaterThan(t.refused * 4);
  });

  it('keeps added lines already in the file style when only the context drifted, or refuses', () => {
    const t = run('context-only', () => true);
    expect(t.applied).toBeGreaterThan(t.refused * 2);
  });

  it('gives added lines typed with the other indentation character the file character, beside exact context', () => {
    const t = run('added-only', (f, m) => spacesOnly(f) !== spacesOnly(m) && [2, 4, 8].includes(Math.max(f.length, m.length)));
    expect(t.applied).toBeGreaterThan(t.refused * 2);
  });
});
