// A call the client cancelled after its commit had begun still changed
// files, and MCP gives the server no way to answer a cancelled request. So
// what it changed is told with the connection's next answer, rather than
// left for the model to find out (or never).

import type { RequestId } from './answering.js';
import type { ToolResult } from './calls.js';

/** The most answered calls remembered, in case their cancellation comes after the answer. */
const REMEMBERED = 64;

/** One connection's record of changes its client did not hear of. */
export class Unheard {
  private readonly told: string[] = [];
  /** Answered calls that changed files, by request id, newest last. */
  private readonly answered = new Map<RequestId, string>();

  /**
   * The answer to send for call `id`: with what earlier unheard calls
   * changed said first. A call cancelled before it ended gets no answer the
   * client reads, so its change waits for the next one.
   */
  answer(id: RequestId, result: ToolResult, cancelled: boolean): ToolResult {
    const change = unheardChange(result);
    if (cancelled) {
      if (change) this.told.push(change);
      return result;
    }
    if (change) {
      this.answered.set(id, change);
      if (this.answered.size > REMEMBERED) this.answered.delete(this.answered.keys().next().value!);
    }
    return withUnheard(result, this.told.splice(0));
  }

  /** The client cancelled `id`: if it was already answered with a change, the client dropped that answer. */
  cancelled(id: RequestId): void {
    const change = this.answered.get(id);
    if (change === undefined) return;
    this.answered.delete(id);
    this.told.push(change);
  }
}

/** What a cancelled call's result says it wrote, as one sentence; undefined when it wrote nothing. */
function unheardChange(result: ToolResult): string | undefined {
  const doc = result.structuredContent as { status?: unknown; dryRun?: unknown; changes?: unknown };
  if ((doc.status !== 'applied' && doc.status !== 'partial') || doc.dryRun === true || !Array.isArray(doc.changes)) return undefined;
  const changes = doc.changes as { kind: string; path: string; to?: string }[];
  if (changes.length === 0) return undefined;
  const listed = changes.map((c) => `${c.kind} ${c.path}${c.to !== undefined ? ` -> ${c.to}` : ''}`).join(', ');
  return `a call you cancelled was carried out (${doc.status}) before the cancellation could stop it: ${listed}`;
}

/** `result` with the changes of earlier cancelled calls said first, in its text and as notes of its report. */
function withUnheard(result: ToolResult, unheard: readonly string[]): ToolResult {
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
