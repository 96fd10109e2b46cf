// Types for fuzz-check.mjs (plain JS so `npm run stress:fuzz` runs without a build).

export interface Workspace {
  root: string;
  outside: string;
  reset(): void;
  rootBefore: Map<string, string>;
  outsideBefore: Map<string, string>;
}
export interface FuzzResult {
  kind: 'ok' | 'throw' | 'outside' | 'unreported';
  detail?: string;
}
export function readTree(dir: string): Map<string, string>;
export function makeWorkspace(base: string): Workspace;
export function fuzzOne(
  apply: (input: string | Uint8Array, options: { cwd: string; check?: boolean }) => Promise<unknown>,
  ws: Workspace,
  input: string | Uint8Array,
  options?: { check?: boolean },
): Promise<FuzzResult>;
