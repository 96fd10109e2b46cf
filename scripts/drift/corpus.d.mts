export type Tool = 'patch' | 'edit' | 'batch' | 'diff';
export interface DriftCase {
  name: string;
  kind: string;
  tool: Tool;
  /** Where the real text came from: `git:<commit>:<path>` or `npm:<package file>`. */
  origin: string;
  path: string;
  before: string;
  expected: string;
  /** One input, or the same input twice for a re-sent patch. */
  inputs: string[];
  expect: 'must' | 'may';
}
export interface CorpusOptions {
  seed?: number;
  perCell?: number;
  kinds?: string[];
  tools?: Tool[];
}
export function buildCorpus(root: string, options?: CorpusOptions): DriftCase[];
