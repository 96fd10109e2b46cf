export const MAX_FILE_LINES: number;
export const MAX_FUNCTION_LINES: number;
export const MAX_LINE_CHARS: number;
export function houseRules(root: string): { failures: string[]; warnings: string[] };
