// A call the client cancelled after its commit had begun still changed
// files, and MCP gives the server no way to answer a cancelled request. So
// what it changed is told with the connection's next answer, rather than
// left for the model to find out (or never).

import type { ToolResult } from './calls.js';

/** What a cancelled call's result says it wrote, as one sentence; undefined when it wrote nothing. */
export function unheardChange(result: ToolResult): string | undefined {
  const doc = result.structuredContent as { status?: unknown; dryRun?: unknown; changes?: unknown };
  if ((doc.status !== 'applied' && doc.status !== 'partial') || doc.dryRun === true || !Array.isArray(doc.changes)) return undefined;
  const changes = doc.changes as { kind: string; path: string; to?: string }[];
  if (changes.length === 0) return undefined;
  const listed = changes.map((c) => `${c.kind} ${c.path}${c.to !== undefined ? ` -> ${c.to}` : ''}`).join(', ');
  return `a call you cancelled had already begun writing when the cancellation arrived, and was carried out (${doc.status}): ${listed}`;
}

/** `result` with the changes of earlier cancelled calls said first, in its text and as notes of its report. */
export function withUnheard(result: ToolResult, unheard: readonly string[]): ToolResult {
  if (unheard.length === 0) return result;
  const told = unheard.map((u) => `Note: ${u}.`).join('\n');
  const doc = result.structuredContent as { notes?: unknown };
  const notes = [...(Array.isArray(doc.notes) ? doc.notes : []), ...unheard.map((message) => ({ code: 'info', message }))];
  return {
    ...result,
    content: [{ type: 'text', text: told }, ...result.content],
    structuredContent: { ...result.structuredContent, notes },
  };
}
