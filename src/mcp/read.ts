// The read tool: a file inside the root, as numbered lines ("    12→text"),
// the form models copy from and the line-number stripping recognises.

import { prepareDecoding, decodeLines } from '../text/decode.js';
import { numberedLines } from '../report/numbered.js';
import { type CallContext, readEntryInRoot, unknownKeys } from './engine.js';

/** Lines shown when the call gives no limit: enough for most files, bounded for the model's context. */
export const DEFAULT_READ_LINES = 2000;
/** The most text one read answers with (at most 3 bytes a character in UTF-8: well under the clients' 10 MiB). */
const READ_CHARS = 1024 * 1024;

export interface ReadResult {
  ok: boolean;
  text: string;
  /** For structuredContent: where the shown range sits in the file. */
  report: { path: string; lines?: number; offset?: number; shown?: number; encoding?: string; error?: string };
}

const failed = (path: string, error: string): ReadResult => ({ ok: false, text: `read failed: ${error}`, report: { path, error } });

export async function readTool(args: Record<string, unknown>, ctx: CallContext): Promise<ReadResult> {
  const { path, offset = 1, limit = DEFAULT_READ_LINES } = args;
  const extra = unknownKeys(args, ['path', 'offset', 'limit']);
  if (extra) return failed(String(path), `${extra}: read takes {"path", "offset"?, "limit"?}`);
  if (typeof path !== 'string' || path.trim() === '') return failed(String(path), 'path must be a non-empty string');
  if (!Number.isInteger(offset) || (offset as number) < 1) return failed(path, 'offset must be a whole number of at least 1');
  if (!Number.isInteger(limit) || (limit as number) < 1) return failed(path, 'limit must be a whole number of at least 1');
  const seen = await readEntryInRoot(path, ctx);
  if ('refused' in seen) return failed(path, seen.refused);
  const { entry } = seen;
  if (entry.kind === 'missing') return failed(path, `${path}: no such file`);
  if (entry.kind !== 'file') return failed(path, `${path}: not a regular file (${entry.kind})`);
  await prepareDecoding([entry.bytes], {});
  const d = decodeLines(entry.bytes);
  if (!d.ok) return failed(path, `${path}: ${d.message}`);
  const total = d.table.length;
  const from = Math.min((offset as number) - 1, total);
  const to = Math.min(from + (limit as number), total);
  const whole = numberedLines(d.table, from, to);
  // An MCP client closes the connection on an answer past 10 MiB: lines longer than READ_CHARS in all are cut, and say so.
  const body =
    whole.length <= READ_CHARS
      ? whole
      : `${whole.slice(0, READ_CHARS)}\n(cut at ${READ_CHARS} characters of ${whole.length}: ` +
        'these lines are longer than one answer may carry)';
  const more = to < total ? `\n(lines ${from + 1}-${to} of ${total}; pass offset ${to + 1} for more)` : '';
  const empty = total === 0 ? '(empty file)' : from >= total ? `(the file has ${total} lines)` : '';
  return {
    ok: true,
    text: `${empty || body}${more}\n`,
    report: {
      path,
      lines: total,
      offset: offset as number,
      shown: to - from,
      encoding: `${d.encoding.name}${d.encoding.bom ? ' with BOM' : ''}`,
    },
  };
}
