// The reports' colours, written by chalk at the level the caller chose (the
// CLI: cli/choices.ts colorLevel), so that a report stays a pure function of
// its options. Level 0 is plain text.

import { Chalk, type ColorSupportLevel } from 'chalk';
import { PLAIN_STYLE, type Style } from './terminal.js';
import { type Paint, plain } from './unified.js';

/** chalk's levels: 0 none, 1 the 16 basic colours, 2 256 colours, 3 truecolor. */
export type ColorLevel = ColorSupportLevel;

/** The diff's and the diffstat's colours at `level`. */
export function diffPaint(level: ColorLevel): Paint {
  if (level === 0) return plain;
  const c = new Chalk({ level });
  return { header: c.bold, hunk: c.cyan, add: c.green, remove: c.red };
}

/** The failure report's colours at `level`. */
export function failureStyle(level: ColorLevel): Style {
  if (level === 0) return PLAIN_STYLE;
  const c = new Chalk({ level });
  return { error: c.bold.red, location: c.cyan, dim: c.dim };
}
