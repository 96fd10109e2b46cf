// A whole file given as text (the MCP write tool, an OpenAI create_file, a
// text-editor create) as the add operation that writes it.

import type { FileOp } from '../types.js';

/**
 * The write tool's content as the lines of an add operation. Text with LF
 * breaks only takes the file's own ending; text whose every break is CRLF
 * is written with CRLF; any other mix keeps each CR inside its line, so the
 * bytes come out as sent.
 */
export function writeOp(path: string, content: string, replace = true): FileOp {
  const crlf = content.includes('\r\n') && !/\r(?!\n)|(?<!\r)\n/.test(content);
  const lines = content.split(crlf ? '\r\n' : '\n');
  const noFinal = lines[lines.length - 1] !== '';
  if (!noFinal) lines.pop();
  return {
    kind: 'add',
    path,
    lines,
    patchLine: 0,
    ...(replace ? { replace: true } : {}),
    ...(crlf ? { eol: '\r\n' } : {}),
    ...(noFinal && lines.length > 0 ? { noNewlineAtEnd: true } : {}),
  };
}
