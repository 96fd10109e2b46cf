import type { DriftCase } from './corpus.mjs';
export type Verdict = 'correct' | 'refused' | 'wrong' | 'crash';
export interface Scored {
  verdict: Verdict;
  outcomes: { status: string; codes: string[]; messages: string[]; notes: string[] }[];
  got?: Record<string, string>;
  error?: string;
}
export function scoreCase(
  api: { apply(input: string, options: { cwd: string }): Promise<unknown> },
  c: DriftCase,
  dir: string,
): Promise<Scored>;
export function writeRepro(outDir: string, name: string, c: DriftCase, result: Scored): string;
