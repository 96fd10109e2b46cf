// A file's lines as a read tool shows them: `    12→text`, the number
// right-aligned in six columns (Claude Code's read form). The MCP read tool
// and the text-editor view print this; the line-number stripping reads it.

import type { LineTable } from '../text/table.js';

export function numberedLines(table: LineTable, from: number, to: number): string {
  const out: string[] = [];
  for (let i = from; i < to; i++) out.push(`${String(i + 1).padStart(6)}→${table.textAt(i)}`);
  return out.join('\n');
}
