export function folderEdges(root: string): Map<string, string[]>;
export function folderCycles(root: string): { pair: string; there: string; back: string }[];
