// Hostile inputs for chord-patch, as fast-check arbitraries, shared by the
// seeded property test (test/unit/fuzz.property.test.ts) and the big run
// (npm run stress:fuzz). Each input is a string or bytes handed to apply():
// patch envelopes with hostile paths, lines and framing, unified diffs with
// contradictory git headers, SEARCH/REPLACE blocks, OpenAI and text-editor
// calls, edit requests, raw binary-ish bytes, huge lines.

import fc from 'fast-check';

/** The tree every input runs against (inside the root) and what sits beside it (outside). */
export const TREE = {
  'a.txt': 'alpha\nbeta\ngamma\n',
  'crlf.txt': 'one\r\ntwo\r\nthree\r\n',
  'dir/b.txt': 'x = 1\ny = 2\n',
  'bom.txt': '\uFEFFhello\n',
  'quotes.txt': 'say “hi” — now\n',
};
export const OUTSIDE = { 'secret.txt': 'do not touch\n' };

const PATHS = [
  'a.txt',
  './a.txt',
  'sub/../a.txt',
  'dir/b.txt',
  'dir',
  'dir/',
  'crlf.txt',
  'bom.txt',
  'quotes.txt',
  'new.txt',
  'dir/new/deep.txt',
  '../outside/secret.txt',
  '../outside/new.txt',
  '/etc/passwd',
  'link/secret.txt',
  'link',
  '..',
  '.',
  '',
  '   ',
  'a.txt/x',
  `${'n'.repeat(300)}.txt`,
  'sp ace.txt',
  'uni-ü.txt',
  'nul\u0000.txt',
  'C:\\win.txt',
];
const path = fc.constantFrom(...PATHS);

const FILE_LINES = ['alpha', 'beta', 'gamma', 'one', 'two', 'x = 1', 'y = 2', 'hello', 'say “hi” — now', 'say "hi" - now'];
const line = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...FILE_LINES) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '*** End Patch',
      '*** Begin Patch',
      '@@',
      '*** End of File',
      '\u200B',
      '\r',
      '\u0000',
      '\u001b[31m',
      '\uD800',
      '\uFEFF',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('h'.repeat(100_000), 'é'.repeat(20_000)) },
);

const hunk = fc.record({
  header: fc.option(fc.oneof(fc.constantFrom('', ' alpha', ' -1,3 +1,4 @@ x'), fc.string({ maxLength: 10 })), { nil: undefined }),
  lines: fc.array(fc.tuple(fc.constantFrom(' ', '-', '+', '', '#'), line), { maxLength: 6 }),
  eof: fc.boolean(),
});

const op = fc.oneof(
  fc.record({ kind: fc.constant('add'), path, lines: fc.array(line, { maxLength: 4 }) }),
  fc.record({ kind: fc.constant('delete'), path }),
  fc.record({ kind: fc.constant('update'), path, moveTo: fc.option(path, { nil: undefined }), hunks: fc.array(hunk, { maxLength: 3 }) }),
);

function render(ops, frame) {
  const out = [];
  for (const o of ops) {
    if (o.kind === 'add') out.push(`*** Add File: ${o.path}`, ...o.lines.map((l) => `+${l}`));
    else if (o.kind === 'delete') out.push(`*** Delete File: ${o.path}`);
    else {
      out.push(`*** Update File: ${o.path}`);
      if (o.moveTo !== undefined) out.push(`*** Move to: ${o.moveTo}`);
      for (const h of o.hunks) {
        if (h.header !== undefined) out.push(`@@${h.header}`);
        for (const [p, l] of h.lines) out.push(`${p}${l}`);
        if (h.eof) out.push('*** End of File');
      }
    }
  }
  let body = [frame.begin ? '*** Begin Patch' : '', ...out, frame.end ? '*** End Patch' : '']
    .filter((l, i, a) => l !== '' || (i > 0 && i < a.length - 1))
    .join('\n');
  if (frame.heredoc) body = `apply_patch <<'EOF'\n${body}\nEOF`;
  if (frame.crlf) body = body.replace(/\n/g, '\r\n');
  return `${frame.prefix}${body}${frame.suffix}`;
}

const envelope = fc
  .record({
    ops: fc.array(op, { maxLength: 4 }),
    frame: fc.record({
      begin: fc.boolean(),
      end: fc.boolean(),
      heredoc: fc.boolean(),
      crlf: fc.boolean(),
      prefix: fc.constantFrom('', '\n\n', '\uFEFF', 'Here is the patch:\n', '  '),
      suffix: fc.constantFrom('', '\n', '\n\ntrailing prose', '\n*** End Patch\n'),
    }),
  })
  .map(({ ops, frame }) => render(ops, frame));

const editEntry = fc.record(
  {
    old_string: fc.oneof(line, fc.constantFrom('alpha\nbeta', 'a', '', 'x = 1\ny = 2\n')),
    new_string: fc.oneof(line, fc.constantFrom('', 'ALPHA', 'a\u200Bb')),
    replace_all: fc.boolean(),
  },
  { requiredKeys: [] },
);
const edit = fc.oneof(
  fc.tuple(path, editEntry).map(([p, e]) => JSON.stringify({ path: p, ...e })),
  fc.tuple(path, fc.array(editEntry, { maxLength: 5 })).map(([p, edits]) => JSON.stringify({ path: p, edits })),
  fc
    .tuple(path, editEntry, fc.constantFrom('file_path', 'replaceAll', 'extra'))
    .map(([p, e, k]) => JSON.stringify({ path: p, ...e, [k]: true })),
  envelope.map((patch) => JSON.stringify({ patch })),
  envelope.map((input) => JSON.stringify({ input })),
  fc.constantFrom('{', '{"path": 1}', '[]', 'null', '{"patch": 3}'),
);

// Unified diffs: git headers whose extended lines may contradict each other,
// names that are /dev/null or hostile paths, hunks whose counts may lie.
const EXTENDED = [
  'old mode 100644',
  'new mode 100755',
  'new file mode 100644',
  'new file mode 120000',
  'deleted file mode 100644',
  'similarity index 90%',
  'index 1234567..89abcde 100644',
  'index 0000000..e69de29',
  'Binary files a/a.txt and b/a.txt differ',
  'GIT binary patch',
  'literal 0',
];
const diffName = fc.oneof({ weight: 3, arbitrary: path }, { weight: 1, arbitrary: fc.constant('/dev/null') });
const diffHunk = fc.record({
  // Mostly the counts its lines make (else nearly every diff is refused as malformed), sometimes lying ones.
  counts: fc.oneof({ weight: 20, arbitrary: fc.constant(undefined) }, fc.tuple(fc.nat(4), fc.nat(4), fc.nat(4), fc.nat(4))),
  start: fc.nat(3),
  lines: fc.array(
    fc.tuple(
      fc.oneof({ weight: 40, arbitrary: fc.constantFrom(' ', '-', '+') }, fc.constantFrom('\\ No newline at end of file', '')),
      // A line break inside a line would make its hunk's counts lie every time.
      line.map((l) => l.replace(/[\r\n]/g, '')),
    ),
    { maxLength: 5 },
  ),
});
const diffFile = fc
  .record({
    git: fc.boolean(),
    from: path,
    to: path,
    extended: fc.array(
      fc.oneof(
        fc.constantFrom(...EXTENDED),
        path.map((p) => `rename from ${p}`),
        path.map((p) => `rename to ${p}`),
        path.map((p) => `copy from ${p}`),
        path.map((p) => `copy to ${p}`),
      ),
      { maxLength: 3, size: 'xsmall' },
    ),
    // Mostly the names the git header gives, else any pair (or none).
    names: fc.oneof({ weight: 6, arbitrary: fc.constant('same') }, fc.tuple(diffName, diffName), fc.constant(undefined)),
    hunks: fc.array(diffHunk, { maxLength: 3 }),
  })
  .map(({ git, from, to, extended, names, hunks }) => {
    const out = git ? [`diff --git a/${from} b/${to}`, ...extended] : [];
    const side = (n, prefix) => (n === '/dev/null' ? n : `${prefix}/${n}`);
    const [a, b] = names === 'same' ? [from, to] : (names ?? []);
    if (a !== undefined && b !== undefined) out.push(`--- ${side(a, 'a')}`, `+++ ${side(b, 'b')}`);
    for (const h of hunks) {
      const count = (op) => h.lines.filter(([p]) => p === ' ' || p === '' || p === op).length;
      const [a, b, c, d] = h.counts ?? [h.start, count('-'), h.start, count('+')];
      out.push(`@@ -${a},${b} +${c},${d} @@`, ...h.lines.map(([p, l]) => (p.startsWith('\\') || p === '' ? p : `${p}${l}`)));
    }
    return out.join('\n');
  });
const unifiedDiff = fc.array(diffFile, { minLength: 1, maxLength: 3 }).map((files) => `${files.join('\n')}\n`);

// SEARCH/REPLACE blocks (aider, Roo, Cline), OpenAI apply_patch_call items
// and Anthropic text-editor calls, each with hostile paths and lines.
const text = fc
  .array(
    line.map((l) => l.replace(/[\r\n]/g, '')),
    { maxLength: 4 },
  )
  .map((ls) => ls.join('\n'));
const searchReplace = fc
  .array(fc.record({ path: fc.option(path, { nil: undefined }), fence: fc.boolean(), search: text, replace: text }), {
    minLength: 1,
    maxLength: 3,
  })
  .map((blocks) =>
    blocks
      .map(({ path: p, fence, search, replace }) => {
        const body = ['<<<<<<< SEARCH', ...(search ? [search] : []), '=======', ...(replace ? [replace] : []), '>>>>>>> REPLACE'];
        return [...(p !== undefined ? [p] : []), ...(fence ? ['```', ...body, '```'] : body)].join('\n');
      })
      .join('\n\n'),
  );
const openAiCall = fc
  .record({
    type: fc.constantFrom('create_file', 'update_file', 'delete_file', 'rename_file'),
    path,
    diff: fc.array(fc.tuple(fc.constantFrom(' ', '-', '+', '@@ ', ''), line), { maxLength: 5 }),
  })
  .map(({ type, path: p, diff }) => ({
    type: 'apply_patch_call',
    call_id: 'c1',
    status: 'completed',
    operation: { type, path: p, diff: `${diff.map(([m, l]) => `${m}${l}`).join('\n')}\n` },
  }));
const editorCall = fc.oneof(
  fc.record({ command: fc.constant('str_replace'), path, old_str: text, new_str: text }),
  fc.record({ command: fc.constant('create'), path, file_text: text }),
  fc.record({ command: fc.constant('insert'), path, insert_line: fc.integer({ min: -1, max: 5 }), new_str: text }),
  fc.record({ command: fc.constantFrom('view', 'undo_edit', 'delete'), path }),
);
const calls = fc.oneof(
  fc.array(openAiCall, { minLength: 1, maxLength: 3 }).map((xs) => JSON.stringify(xs.length === 1 ? xs[0] : xs)),
  fc
    .array(editorCall, { minLength: 1, maxLength: 3 })
    .map((xs) => JSON.stringify(xs.map((input, i) => ({ type: 'tool_use', id: `t${i}`, name: 'str_replace_based_edit_tool', input })))),
);

const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 200 }),
  envelope.map((t) => {
    const b = Buffer.from(t, 'utf8');
    return b.length > 0 ? Buffer.concat([b.subarray(0, b.length >> 1), Buffer.from([0xff, 0xc0, 0x80]), b.subarray(b.length >> 1)]) : b;
  }),
  envelope.map((t) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')])),
);

/** One hostile input: a string or bytes for apply(). */
export const hostileInput = fc.oneof(
  { weight: 5, arbitrary: envelope },
  { weight: 3, arbitrary: edit },
  { weight: 3, arbitrary: unifiedDiff },
  { weight: 2, arbitrary: searchReplace },
  { weight: 2, arbitrary: calls },
  { weight: 1, arbitrary: bytes },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
);
