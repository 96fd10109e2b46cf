// Types for the parts of report.mjs the tests use.

export interface ScalingFit {
  /** t = a + b·x + c·x², x in thousands of lines. */
  a: number;
  b: number;
  c: number;
  /** The least-squares straight line through the same points. */
  intercept: number;
  slope: number;
  /** c·x² as a share of b·x + c·x² at the largest x. */
  quadratic: number;
}

export function fitScaling(pts: readonly { lines: number; ms: number }[]): ScalingFit;

/** A stage's cost (the difference of two rows' medians) in words: a negative one is named as noise. */
export function fmtStage(ms: number): string;
