// Units written the way models write them: a Codex envelope, or Claude-Code
// edit JSON (one replacement, or a batch of them).

import { newText, oldText } from './changes.mjs';

/** A Codex `*** Begin Patch` envelope updating one file. */
export function renderPatch(path, hunks, env) {
  const out = [];
  if (env.begin) out.push('*** Begin Patch');
  out.push(`*** Update File: ${path}`);
  for (const h of hunks) {
    const name = h.header ? ` ${h.header.text}` : '';
    if (env.ranges) {
      const j = env.ranges === 'off' ? env.jitter : () => 0;
      const [a, b, c, d] = h.range;
      out.push(`@@ -${Math.max(1, a + j())},${b} +${Math.max(1, c + j())},${d} @@${name}`);
    } else out.push(`@@${name}`);
    for (const l of h.lines) out.push(l.op + l.text);
  }
  if (env.end) out.push('*** End Patch');
  return out.join(env.eol) + env.eol;
}

/** Edit JSON: `{path, old_string, new_string}` for one unit, `{path, edits}` for a batch. */
export function renderEdit(path, units, tool) {
  if (tool === 'edit') return JSON.stringify({ path, old_string: oldText(units[0]), new_string: newText(units[0]) }, null, 2);
  return JSON.stringify({ path, edits: units.map((u) => ({ old_string: oldText(u), new_string: newText(u) })) }, null, 2);
}
