export interface Tree {
  readonly files: string[];
}
export function readTree(root: string): Tree;
export function stalePaths(root: string, tree?: Tree): string[];
export function staleIdentifiers(root: string, tree?: Tree): string[];
export function layoutMismatches(root: string): string[];
