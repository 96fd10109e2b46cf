// The OpenAI Agents SDK's V4A applier tests, re-created as trees: the SDK's
// test_apply_diff.py and test_apply_diff_helpers.py, its sandbox
// test_apply_patch.py, the sandbox capability's test_apply_patch_tool.py and
// test_apply_patch_preflight.py (openai-agents-python at 7f7a44f), and
// the applyDiff tests of agents-core (openai-agents-js at 6d0c61a). The SDK's
// applier takes (input text, diff, mode); each case writes the input text to
// a file, sends chord-patch an apply_patch_call whose operation is
// update_file on it (create_file for mode "create"), and compares the tree
// left with the SDK's expected output (or, where the SDK raises, with the
// tree untouched: a refusal). Facts and cases, not the SDK's code.
//
// Left out because test/fixtures already holds them (65x-67x_openai_*, 730,
// 731, 744): contextual replacement, the tool description's stacked anchors,
// each stacked anchor narrowing, partially matched and first-missing stacked
// anchors, a missing anchor before a bare marker, a single advisory anchor,
// context mismatch, LF diff into CRLF file and CRLF diff into LF file, CRLF
// create, create without `+`, move_to and a backslash in the path. Left out
// as API-only: approval, tracing, custom patch formats, sandbox users.
//
// chord-patch differs from the SDK on purpose in a few places; each such case
// says so and states chord-patch's tree: a created file always ends with a
// line ending (the SDK leaves it off unless the diff ends with a bare `+`
// line), an update_file with an empty diff is refused, and a hunk under
// `*** End of File` is only ever placed at the end.

import { existsSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { readTree, scratchDirs, scratchTrees } from '../support/tree.js';

const temp = scratchDirs();
const tree = scratchTrees();

type Files = Record<string, string | Buffer>;
type Operation = Record<string, unknown>;

interface Case {
  name: string;
  source: string;
  before: Files;
  /** The call's operation; a function gets the working directory's absolute path. */
  op?: Operation | ((work: string) => Operation);
  /** Input sent as it is instead of a call (the apply_patch tool's envelope). */
  input?: string;
  /** The tree left: absent means refused, the tree as it was. */
  after?: Files;
  /** Text the call's output holds. */
  says?: string[];
  /** Text the call's output must not hold; a function gets the working directory. */
  never?: (work: string) => string[];
  /** Paths outside the working directory that must not exist afterwards; a function of the working directory. */
  absent?: (work: string) => string[];
}

function runCase(c: Case): void {
  const work = tree(c.before);
  const file = join(temp(), c.input === undefined ? 'call.json' : 'patch.txt');
  const operation = typeof c.op === 'function' ? c.op(work) : c.op;
  writeFileSync(file, c.input ?? JSON.stringify({ type: 'apply_patch_call', call_id: 'c1', status: 'completed', operation }));
  const r = runCli(['apply', '-q', '-C', work, file]);
  const refused = c.after === undefined;
  // 0 applied, 1 nothing written: anything else (2 partial, 70 internal error) is neither.
  expect({ tree: readTree(work), code: r.code }, r.stdout + r.stderr).toEqual({
    tree: readTree(tree(c.after ?? c.before)),
    code: refused ? 1 : 0,
  });
  if (c.input === undefined) {
    const out = JSON.parse(r.stdout) as { type: string; call_id: string; status: string; output: string }[];
    expect(out.map((o) => [o.type, o.call_id, o.status])).toEqual([['apply_patch_call_output', 'c1', refused ? 'failed' : 'completed']]);
    for (const s of c.says ?? []) expect(out[0]?.output).toContain(s);
    for (const s of c.never?.(work) ?? []) expect(out[0]?.output).not.toContain(s);
  }
  for (const p of c.absent?.(work) ?? []) expect(existsSync(p), p).toBe(false);
}

const each = (cases: Case[]) => it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => runCase(c));

/** Lines joined by LF, no line ending after the last (the SDK's `"\n".join`). */
const L = (...lines: string[]) => lines.join('\n');
/** LF-terminated lines. */
const D = (...lines: string[]) => `${lines.join('\n')}\n`;
/** CRLF-terminated lines. */
const W = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const update = (diff: string, path = 'f.txt'): Operation => ({ type: 'update_file', path, diff });
const create = (diff: string, path = 'new.txt'): Operation => ({ type: 'create_file', path, diff });
const py = (test: string) => `openai-agents-python test_apply_diff.py: ${test}`;
const helpers = (test: string) => `openai-agents-python test_apply_diff_helpers.py: ${test}`;
const js = (title: string) => `openai-agents-js applyDiff.test.ts: ${title}`;
const sandbox = (test: string) => `openai-agents-python sandbox test_apply_patch.py: ${test}`;
const tool = (test: string) => `openai-agents-python sandbox capabilities test_apply_patch_tool.py: ${test}`;

describe("the SDK's test_apply_diff.py (and the same cases in applyDiff.test.ts)", () => {
  const REUSE = js('reuses a prior parent anchor across stacked hunks');
  const TARGET = D('class Target', '    def first():', '        pass', '', '    def second():', '        pass');
  each([
    {
      name: 'a bare @@ hunk of added lines fills an empty file, each line ended',
      source: `${py('test_apply_diff_with_floating_hunk_adds_lines')}; ${js('applies added lines to empty input via V4A floating hunk')}`,
      before: { 'f.txt': '' },
      op: update(L('@@', '+hello', '+world')),
      after: { 'f.txt': 'hello\nworld\n' },
    },
    {
      name: 'a create diff ending with a bare + line ends the file with a line ending, no empty last line',
      source: `${py('test_apply_diff_create_mode_preserves_trailing_newline')}; ${js('applies plus-prefixed content for create mode')}`,
      before: {},
      op: create(L('+hello', '+world', '+')),
      after: { 'new.txt': 'hello\nworld\n' },
    },
    {
      name: 'a second hunk under the same class @@ line reaches the next method of that class',
      source: `${py('test_apply_diff_reuses_a_prior_parent_anchor_across_stacked_hunks')}; ${REUSE}`,
      before: { 'f.txt': TARGET },
      op: update(
        L(
          '@@ class Target',
          '@@     def first():',
          '-        pass',
          '+        return 1',
          '@@ class Target',
          '@@     def second():',
          '-        pass',
          '+        return 2',
        ),
      ),
      after: { 'f.txt': D('class Target', '    def first():', '        return 1', '', '    def second():', '        return 2') },
    },
    {
      name: 'a bare @@ after a found @@ line keeps the place it names',
      source: `${py('test_apply_diff_stacked_anchors_accept_a_trailing_bare_anchor')}; ${js('accepts a trailing bare anchor in a stack')}`,
      before: { 'f.txt': 'class Only\n    def run():\n        pass\n' },
      op: update(L('@@ class Only', '@@', '-        pass', '+        return 1')),
      after: { 'f.txt': 'class Only\n    def run():\n        return 1\n' },
    },
    {
      name: 'a CRLF diff into a CRLF file keeps it CRLF',
      source: py('test_apply_diff_with_crlf_input_and_crlf_diff_preserves_crlf'),
      before: { 'f.txt': W('line1', 'line2', 'line3') },
      op: update(['@@ line1', '-line2', '+updated', ' line3'].join('\r\n')),
      after: { 'f.txt': W('line1', 'updated', 'line3') },
    },
    {
      // chord-patch once wrote hello\nworld\n here with exit 0: LF, though the file has no line ending of its own.
      name: 'a CRLF diff into an empty file writes CRLF',
      source: py('test_apply_diff_with_empty_input_and_crlf_diff_preserves_crlf'),
      before: { 'f.txt': '' },
      op: update(['@@', '+hello', '+world'].join('\r\n')),
      after: { 'f.txt': W('hello', 'world') },
    },
    {
      name: 'a CRLF diff into a one-line file without an ending writes CRLF between its lines, and keeps no final ending',
      source: 'the same rule on a file of one unterminated line (the SDK writes b\\r\\nc)',
      before: { 'f.txt': 'a' },
      op: update(['@@', '-a', '+b', '+c'].join('\r\n')),
      after: { 'f.txt': 'b\r\nc' },
    },
    {
      name: 'an LF diff into an empty file writes LF',
      source: 'the same rule, LF',
      before: { 'f.txt': '' },
      op: update(['@@', '+hello', '+world'].join('\n')),
      after: { 'f.txt': D('hello', 'world') },
    },
  ]);
});

describe("the SDK's test_apply_diff_helpers.py, as diffs", () => {
  each([
    {
      name: 'the diff ending with a line ending adds no blank context line after its last line',
      source: helpers('test_normalize_diff_lines_drops_trailing_blank'),
      before: { 'f.txt': D('a', 'b', 'c') },
      op: update(D('@@ a', '-b', '+B')),
      after: { 'f.txt': D('a', 'B', 'c') },
    },
    {
      name: 'a *** line that is no marker is refused',
      source: helpers('test_read_section_raises_on_invalid_marker'),
      before: { 'f.txt': D('a', 'b') },
      op: update(L('@@ a', '-b', '+B', '*** Bad Marker')),
    },
    {
      name: 'an @@ line with no hunk under it is refused',
      source: helpers('test_read_section_raises_when_empty_segment'),
      before: { 'f.txt': D('a', 'b') },
      op: update(L('@@ a')),
    },
    {
      name: 'a hunk under *** End of File whose context the file does not have is refused',
      source: helpers('test_find_context_eof_fallbacks'),
      before: { 'f.txt': 'one' },
      op: update(L('@@', ' missing', '-one', '+1', '*** End of File')),
    },
    {
      // The SDK, not finding the context at the end, looks for it anywhere (with a fuzz penalty) and writes
      // one 2 three. The diff says these lines end the file, and they do not: chord-patch refuses.
      name: 'a hunk under *** End of File whose context is found only before the end is refused',
      source: helpers('test_find_context_eof_fallbacks'),
      before: { 'f.txt': D('one', 'two', 'three') },
      op: update(L('@@', ' one', '-two', '+2', '*** End of File')),
      says: ['not at the end of the file'],
    },
    {
      name: 'a context line matches a file line that differs only in surrounding spaces, the file keeping its own',
      source: helpers('test_find_context_core_stripped_matches'),
      before: { 'f.txt': ' line \nnext\n' },
      op: update(L('@@', ' line', '-next', '+NEXT')),
      after: { 'f.txt': ' line \nNEXT\n' },
    },
    {
      name: 'two hunks that change the same line are refused',
      source: helpers('test_apply_chunks_rejects_bad_chunks'),
      before: { 'f.txt': D('a', 'b', 'c') },
      op: update(L('@@', ' a', '-b', '+B', '@@', ' a', '-b', '+X')),
    },
  ]);
});

describe("agents-core's applyDiff.test.ts", () => {
  const FOO = ['class Foo:', '    def baz(self):', '        return f"foo {randint()}"', '', 'def main():', '    foo = Foo()'];
  const APP = ['import os', '', 'def main():', '    print("Running app")', '', 'if __name__ == "__main__":', '    main()'];
  const MAIN = L('from app import run', '', 'if __name__ == "__main__":', '    run()');
  const GREET = ['', 'if __name__ == "__main__":', '    print(greet("Alice"))'];
  const REPO = ['class UserRepository:', '    def get_user(self, user_id):'];
  const SAVE = ['', '    def save_user(self, user):', '        raise NotImplementedError'];
  const GUIDE = ['', '## Installation', '', 'Steps go here.'];
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the JavaScript of the SDK's Example 20, not a template
  const HELLO = '  return `Hello ${name}!`;';
  const GREETER = ['class Greeter:', '    def hello(self):', '        return "hi"', '', 'def main():', '    g = Greeter()'];
  each([
    {
      name: 'a bare @@ hunk whose context and - lines are list items replaces the last two, no final newline added',
      source: js('applies floating hunk without marker or line numbers'),
      before: { 'f.txt': L('- Milk', '- Bread', '- Eggs', '- Apples', '- Coffee') },
      op: update(L('@@', ' - Milk', ' - Bread', ' - Eggs', '-- Apples', '-- Coffee', '+- [x] Apples', '+- [x] Coffee')),
      after: { 'f.txt': L('- Milk', '- Bread', '- Eggs', '- [x] Apples', '- [x] Coffee') },
    },
    {
      name: 'a line is deleted between an @@ line and a context line',
      source: js('applies V4A deletions'),
      before: { 'f.txt': D('keep', 'remove me', 'stay') },
      op: update(L('@@ keep', '-remove me', ' stay')),
      after: { 'f.txt': D('keep', 'stay') },
    },
    {
      // The first hunk's context line has one space too few after its prefix: it matches with surrounding
      // whitespace ignored, the one place, and the file keeps its own line.
      name: 'two hunks under @@ lines rename a method and its call',
      source: js('applies V4A context marker diffs (class method rename)'),
      before: { 'f.txt': D(...FOO, '    print(foo.baz())') },
      op: update(
        L(
          '@@ class Foo:',
          '-    def baz(self):',
          '+    def rand(self):',
          '        return f"foo {randint()}"',
          '@@ def main():',
          '     foo = Foo()',
          '-    print(foo.baz())',
          '+    print(foo.rand())',
        ),
      ),
      after: { 'f.txt': D(FOO[0] ?? '', '    def rand(self):', ...FOO.slice(2), '    print(foo.rand())') },
    },
    {
      name: 'a unified hunk header in a V4A diff is an @@ line not in the file: the body decides',
      source: js('treats line-number markers as context anchors'),
      before: { 'f.txt': 'one\ntwo\n' },
      op: update(L('@@ -1,2 +1,2 @@', ' one', '-two', '+2')),
      after: { 'f.txt': 'one\n2\n' },
    },
    {
      name: 'Example 1: a first line replaced by a diff without @@',
      source: js('Example 1: README.md basic replacement'),
      before: { 'README.md': L('Hello, world!', 'This is my project.') },
      op: update(L('-Hello, world!', '+Hello, V4A diff format!'), 'README.md'),
      after: { 'README.md': L('Hello, V4A diff format!', 'This is my project.') },
    },
    {
      name: 'Example 2: a function replaced by a diff of - and + lines only',
      source: js('Example 2: greet.py function replacement'),
      before: { 'greet.py': L('def greet(name):', '    return "Hello " + name', ...GREET) },
      op: update(
        L('-def greet(name):', '-    return "Hello " + name', '+def greet(name: str) -> str:', '+    return f"Hello, {name}!"'),
        'greet.py',
      ),
      after: { 'greet.py': L('def greet(name: str) -> str:', '    return f"Hello, {name}!"', ...GREET) },
    },
    {
      name: 'Example 3: a config value toggled between context lines',
      source: js('Example 3: config.yml toggle debug flag'),
      before: { 'config.yml': L('env: dev', 'debug: false', 'log_level: info') },
      op: update(L(' env: dev', '-debug: false', '+debug: true', ' log_level: info'), 'config.yml'),
      after: { 'config.yml': L('env: dev', 'debug: true', 'log_level: info') },
    },
    {
      name: 'Example 4: an import inserted, empty diff lines read as blank context lines',
      source: js('Example 4: app.py insert import sys'),
      before: { 'app.py': L(...APP) },
      op: update(
        L(' import os', '+import sys', '', ' def main():', '     print("Running app")', '', ' if __name__ == "__main__":', '     main()'),
        'app.py',
      ),
      after: { 'app.py': L('import os', 'import sys', ...APP.slice(1)) },
    },
    {
      name: 'Example 5: a logging line removed',
      source: js('Example 5: service.py remove debug logging'),
      before: { 'service.py': L('def handle_request(req):', '    print("DEBUG: got request", req)', '    return {"status": "ok"}') },
      op: update(L(' def handle_request(req):', '-    print("DEBUG: got request", req)', '     return {"status": "ok"}'), 'service.py'),
      after: { 'service.py': L('def handle_request(req):', '    return {"status": "ok"}') },
    },
    {
      name: 'Example 6: a function replaced under a bare @@',
      source: js('Example 6: math_utils.py update add() with @@ context'),
      before: { 'math_utils.py': L('def add(a, b):', '    return a + b', '', 'def mul(a, b):', '    return a * b') },
      op: update(
        L(
          '@@',
          '-def add(a, b):',
          '-    return a + b',
          '+def add(a: int, b: int) -> int:',
          '+    """Add two integers."""',
          '+    return a + b',
        ),
        'math_utils.py',
      ),
      after: {
        'math_utils.py': L(
          'def add(a: int, b: int) -> int:',
          '    """Add two integers."""',
          '    return a + b',
          '',
          'def mul(a, b):',
          '    return a * b',
        ),
      },
    },
    {
      name: 'Example 7: a method body replaced under its class @@ line, not the same body in the next method',
      source: js('Example 7: repository.py update get_user method'),
      before: { 'repository.py': L(...REPO, '        raise NotImplementedError', ...SAVE) },
      op: update(
        L(
          '@@ class UserRepository:',
          '     def get_user(self, user_id):',
          '-        raise NotImplementedError',
          '+        """Fetch a user by ID or return None."""',
          '+        return self._db.get(user_id)',
        ),
        'repository.py',
      ),
      after: {
        'repository.py': L(...REPO, '        """Fetch a user by ID or return None."""', '        return self._db.get(user_id)', ...SAVE),
      },
    },
    {
      name: 'Example 8: a constant changed between context lines',
      source: js('Example 8: settings.py bump timeout'),
      before: { 'settings.py': L('API_URL = "https://api.example.com"', 'TIMEOUT_SECONDS = 5', 'RETRIES = 1') },
      op: update(L(' API_URL = "https://api.example.com"', '-TIMEOUT_SECONDS = 5', '+TIMEOUT_SECONDS = 10', ' RETRIES = 1'), 'settings.py'),
      after: { 'settings.py': L('API_URL = "https://api.example.com"', 'TIMEOUT_SECONDS = 10', 'RETRIES = 1') },
    },
    {
      // The SDK leaves the last line unended; chord-patch ends every created line (as Codex's Add File does).
      name: 'Example 9: a created text file, its last line ended',
      source: js('Example 9: docs/intro.txt create file'),
      before: {},
      op: create(L('+Welcome to the project!', '+This documentation will guide you through setup.'), 'docs/intro.txt'),
      after: { 'docs/intro.txt': D('Welcome to the project!', 'This documentation will guide you through setup.') },
    },
    {
      // As in Example 9: the SDK leaves the last line unended.
      name: 'Example 10: a created module with a blank line, its last line ended',
      source: js('Example 10: utils/strings.py create module'),
      before: {},
      op: create(
        L('+def slugify(text: str) -> str:', '+    return text.lower().replace(" ", "-")', '+', '+__all__ = ["slugify"]'),
        'utils/strings.py',
      ),
      after: {
        'utils/strings.py': D('def slugify(text: str) -> str:', '    return text.lower().replace(" ", "-")', '', '__all__ = ["slugify"]'),
      },
    },
    {
      name: 'Example 11: a created file whose diff ends with a bare + line',
      source: js('Example 11: app.py create + main.py update'),
      before: {},
      op: create(L('+def run():', '+    print("Hello from app.run()")', '+'), 'app.py'),
      after: { 'app.py': D('def run():', '    print("Hello from app.run()")') },
    },
    {
      name: 'Example 11: an update whose - and + lines are the same changes nothing and succeeds',
      source: js('Example 11: app.py create + main.py update'),
      before: { 'main.py': MAIN },
      op: update(L('-from app import run', '+from app import run', ' ', ' if __name__ == "__main__":', '     run()'), 'main.py'),
      after: { 'main.py': MAIN },
    },
    {
      // As in Example 9: the SDK leaves the last line unended.
      name: 'Example 12: a created file with a blank line, its last line ended',
      source: js('Example 12: LICENSE create file with blank line'),
      before: {},
      op: create(L('+MIT License', '+', '+Copyright (c) 2025'), 'LICENSE'),
      after: { LICENSE: D('MIT License', '', 'Copyright (c) 2025') },
    },
    {
      // The SDK returns the text unchanged (its delete is a delete_file, outside the applier). An update_file
      // that carries no diff is no edit: chord-patch refuses it rather than report an update that did nothing.
      name: 'Example 13: an update_file with an empty diff is refused',
      source: js('Example 13: temp/debug.log delete is orchestrated outside applyDiff'),
      before: { 'temp/debug.log': L('DEBUG something...', 'more debug...') },
      op: update('', 'temp/debug.log'),
      says: ['diff is empty'],
    },
    {
      name: 'Example 14: a diff of one context line changes nothing and succeeds',
      source: js('Example 14: old_name.txt moved to docs/new_name.txt (content unchanged)'),
      before: { 'old_name.txt': 'Legacy content' },
      op: update(' Legacy content', 'old_name.txt'),
      after: { 'old_name.txt': 'Legacy content' },
    },
    {
      name: 'Example 15: a one-line file without a line ending replaced (api/client.py)',
      source: js('Example 15: api/client.py & api/version.py updates'),
      before: { 'api/client.py': 'BASE_URL = "https://old.example.com"' },
      op: update(L('-BASE_URL = "https://old.example.com"', '+BASE_URL = "https://api.example.com"'), 'api/client.py'),
      after: { 'api/client.py': 'BASE_URL = "https://api.example.com"' },
    },
    {
      name: 'Example 15: a one-line file without a line ending replaced (api/version.py)',
      source: js('Example 15: api/client.py & api/version.py updates'),
      before: { 'api/version.py': 'VERSION = "1.0.0"' },
      op: update(L('-VERSION = "1.0.0"', '+VERSION = "1.1.0"'), 'api/version.py'),
      after: { 'api/version.py': 'VERSION = "1.1.0"' },
    },
    {
      name: 'Example 16: a test inserted between two others',
      source: js('Example 16: tests/test_math.py insert test_sub'),
      before: {
        'tests/test_math.py': L('def test_add():', '    assert add(1, 2) == 3', '', 'def test_mul():', '    assert mul(2, 3) == 6'),
      },
      op: update(
        L(
          ' def test_add():',
          '     assert add(1, 2) == 3',
          '',
          '+def test_sub():',
          '+    assert sub(5, 2) == 3',
          '+',
          ' def test_mul():',
          '     assert mul(2, 3) == 6',
        ),
        'tests/test_math.py',
      ),
      after: {
        'tests/test_math.py': L(
          'def test_add():',
          '    assert add(1, 2) == 3',
          '',
          'def test_sub():',
          '    assert sub(5, 2) == 3',
          '',
          'def test_mul():',
          '    assert mul(2, 3) == 6',
        ),
      },
    },
    {
      name: 'Example 17: the last two lines replaced, the missing final newline still missing',
      source: js('Example 17: footer.txt update last two lines'),
      before: { 'footer.txt': L('Line A', 'Line B', 'Line C') },
      op: update(L(' Line A', '-Line B', '-Line C', '+Line B (updated)', '+Line C (updated)'), 'footer.txt'),
      after: { 'footer.txt': L('Line A', 'Line B (updated)', 'Line C (updated)') },
    },
    {
      name: 'Example 18: a heading and its intro replaced, a blank - line and an empty context line',
      source: js('Example 18: docs/guide.md update heading and intro'),
      before: { 'docs/guide.md': L('# Getting Started', '', 'This is the old intro text.', ...GUIDE) },
      op: update(
        L(
          '-# Getting Started',
          '-',
          '-This is the old intro text.',
          '+# Quick Start Guide',
          '+',
          '+This is the updated introduction, with clearer instructions.',
          '',
          ' ## Installation',
        ),
        'docs/guide.md',
      ),
      after: { 'docs/guide.md': L('# Quick Start Guide', '', 'This is the updated introduction, with clearer instructions.', ...GUIDE) },
    },
    {
      name: 'Example 19: a JSON field changed',
      source: js('Example 19: config.json enabled -> true'),
      before: { 'config.json': L('{', '  "name": "demo",', '  "enabled": false,', '  "retries": 3', '}') },
      op: update(L(' {', '   "name": "demo",', '-  "enabled": false,', '+  "enabled": true,', '   "retries": 3', ' }'), 'config.json'),
      after: { 'config.json': L('{', '  "name": "demo",', '  "enabled": true,', '  "retries": 3', '}') },
    },
    {
      name: 'Example 20: two changes in one bare @@ hunk',
      source: js('Example 20: web/app.js update add() and greet()'),
      before: {
        'web/app.js': L('function add(a, b) {', '  return a + b;', '}', '', 'function greet(name) {', '  return "Hello " + name;', '}'),
      },
      op: update(
        L(
          '@@',
          '-function add(a, b) {',
          '-  return a + b;',
          '-}',
          '+function add(a, b) {',
          '+  return a + b; // simple add',
          '+}',
          ' ',
          ' function greet(name) {',
          '-  return "Hello " + name;',
          '-}',
          `+${HELLO}`,
          '+}',
        ),
        'web/app.js',
      ),
      after: {
        'web/app.js': L('function add(a, b) {', '  return a + b; // simple add', '}', '', 'function greet(name) {', HELLO, '}'),
      },
    },
    {
      name: 'Example 21: a line inserted in a function named by its @@ line',
      source: js('Example 21: controller.py insert logging after validate'),
      before: { 'controller.py': L('def handle(req):', '    validate(req)', '    return process(req)') },
      op: update(L('@@ def handle(req):', '     validate(req)', '+    log_request(req)', '     return process(req)'), 'controller.py'),
      after: { 'controller.py': L('def handle(req):', '    validate(req)', '    log_request(req)', '    return process(req)') },
    },
    {
      name: 'Example 22: the last line changed under an @@ line near the end',
      source: js('Example 22: greeter.py update main print message'),
      before: { 'greeter.py': L(...GREETER, '    print(g.hello())') },
      op: update(L('@@ def main():', '     g = Greeter()', '-    print(g.hello())', '+    print(f"Greeting: {g.hello()}")'), 'greeter.py'),
      after: { 'greeter.py': L(...GREETER, '    print(f"Greeting: {g.hello()}")') },
    },
  ]);
});

describe("the SDK's sandbox apply_patch tests", () => {
  const STACKED = D(
    'class First',
    '    def target():',
    '        return 0',
    '',
    'class Second',
    '    def helper():',
    '        pass',
    '',
    '    def target():',
  );
  each([
    {
      name: 'a context line the file does not have is refused',
      source: sandbox('test_apply_patch_update_invalid_context_raises'),
      before: { 'bad.txt': 'alpha\nbeta\n' },
      op: update('@@\n missing\n-beta\n+gamma\n', 'bad.txt'),
    },
    {
      name: 'an @@ line moves the hunk past it',
      source: sandbox('test_apply_patch_update_uses_anchor_jump'),
      before: { 'anchor.txt': 'a\nb\nmarker\nc\nd\n' },
      op: update('@@ marker\n c\n-d\n+e\n', 'anchor.txt'),
      after: { 'anchor.txt': 'a\nb\nmarker\nc\ne\n' },
    },
    {
      name: 'stacked @@ lines reach the method of the second class',
      source: sandbox('test_apply_patch_update_uses_stacked_anchor_jump'),
      before: { 'stacked.py': `${STACKED}        pass\n` },
      op: update('@@ class Second\n@@     def target():\n-        pass\n+        return 1\n', 'stacked.py'),
      after: { 'stacked.py': `${STACKED}        return 1\n` },
    },
    {
      name: 'a hunk under *** End of File replaces the last line',
      source: sandbox('test_apply_patch_update_matches_end_of_file_context'),
      before: { 'tail.txt': 'one\ntwo\nthree\n' },
      op: update('@@\n two\n-three\n+four\n*** End of File\n', 'tail.txt'),
      after: { 'tail.txt': 'one\ntwo\nfour\n' },
    },
    {
      name: 'an update_file without a diff is refused',
      source: sandbox('test_apply_patch_update_missing_diff_raises'),
      before: { 'file.txt': 'x\n' },
      op: { type: 'update_file', path: 'file.txt' },
    },
    {
      name: 'an update of a missing file is refused, naming the path as the call gave it',
      source: `${sandbox('test_apply_patch_update_missing_file_raises')}; test_apply_patch_missing_file_errors_use_workspace_path`,
      before: {},
      op: update('@@\n-old\n+new\n', 'missing.txt'),
      says: ['missing.txt'],
      never: (work) => [work],
    },
    {
      name: 'a delete of a missing file is refused',
      source: `${sandbox('test_apply_patch_delete_missing_file_raises')}; test_apply_patch_missing_file_errors_use_workspace_path`,
      before: {},
      op: { type: 'delete_file', path: 'nope.txt' },
      says: ['nope.txt'],
      never: (work) => [work],
    },
    {
      name: 'a path above the working directory is refused',
      source: sandbox('test_apply_patch_rejects_escape_root_path'),
      before: {},
      op: (work) => create('+nope', `../${basename(work)}-escape.txt`),
      absent: (work) => [`${work}-escape.txt`],
    },
    {
      name: 'an empty path is refused',
      source: sandbox('test_apply_patch_rejects_empty_path'),
      before: {},
      op: create('+nope', ''),
    },
    {
      name: 'an absolute path inside the working directory is that file',
      source: sandbox('test_apply_patch_allows_absolute_path_within_root'),
      before: {},
      op: (work) => create('+hello', join(work, 'abs-ok.txt')),
      // The SDK writes "hello": chord-patch ends the created line (see Example 9).
      after: { 'abs-ok.txt': 'hello\n' },
    },
    {
      name: 'an absolute path outside the working directory is refused',
      source: sandbox('test_apply_patch_rejects_absolute_path_outside_root'),
      before: {},
      op: (work) => create('+nope', `${work}-outside.txt`),
      absent: (work) => [`${work}-outside.txt`],
    },
    {
      // The SDK reads nested\moved.txt as nested/moved.txt; a backslash may also be part of a file name (as for the
      // path, fixture 679): refused, naming the / spelling.
      name: 'a backslash in move_to is refused, naming the / spelling',
      source: sandbox('test_apply_patch_normalizes_backslashes_in_move_to'),
      before: { 'source.txt': 'alpha\n' },
      op: { type: 'update_file', path: 'source.txt', diff: '@@\n-alpha\n+beta\n', move_to: 'nested\\moved.txt' },
      says: ['nested/moved.txt'],
    },
    {
      name: 'a diff line that is not @@, +, - or context is refused',
      source: sandbox('test_apply_patch_rejects_invalid_diff_line_prefix'),
      before: { 'oops.txt': 'alpha\nbeta\n' },
      op: update('oops', 'oops.txt'),
    },
    {
      name: 'a file that cannot be decoded is not edited',
      source: sandbox('test_apply_patch_update_non_utf8_payload_raises'),
      before: { 'binary.txt': Buffer.from([0xff, 0xfe, 0xfd]) },
      // Pinned to the end, so the one reason to refuse is the file's bytes.
      op: update('@@\n+x\n*** End of File\n', 'binary.txt'),
      says: ['not edited'],
    },
    {
      name: 'an update without move_to changes the file in place',
      source: sandbox('test_apply_patch_mapping_operation_without_move_to_updates_in_place'),
      before: { 'keep.txt': 'alpha\n' },
      op: update('@@\n-alpha\n+beta\n', 'keep.txt'),
      after: { 'keep.txt': 'beta\n' },
    },
    {
      name: 'a move_to that is not a string is refused',
      source: sandbox('test_apply_patch_mapping_operation_rejects_non_string_move_to'),
      before: { 'old.txt': 'alpha\n' },
      op: { type: 'update_file', path: 'old.txt', diff: '@@\n-alpha\n+beta\n', move_to: 123 },
    },
  ]);
});

describe("the SDK's sandbox apply_patch tool tests", () => {
  each([
    {
      // The SDK writes "hello\nworld": chord-patch ends the created lines (see Example 9).
      name: 'create: a created file of two lines',
      source: tool('test_editor_create_update_delete_round_trip'),
      before: {},
      op: create('+hello\n+world\n', 'notes.txt'),
      after: { 'notes.txt': 'hello\nworld\n' },
    },
    {
      name: 'update: a line replaced in the file as the SDK created it, no final newline added',
      source: tool('test_editor_create_update_delete_round_trip'),
      before: { 'notes.txt': 'hello\nworld' },
      op: update('@@\n-hello\n+hi\n world\n', 'notes.txt'),
      after: { 'notes.txt': 'hi\nworld' },
    },
    {
      name: 'delete: the file removed',
      source: tool('test_editor_create_update_delete_round_trip'),
      before: { 'notes.txt': 'hi\nworld' },
      op: { type: 'delete_file', path: 'notes.txt' },
      after: {},
    },
    {
      name: 'a move_to naming the file itself updates it in place',
      source: tool('test_editor_move_to_same_path_does_not_remove_the_file'),
      before: { 'existing.txt': 'old\n' },
      op: { type: 'update_file', path: 'existing.txt', diff: '@@\n-old\n+new\n', move_to: 'existing.txt' },
      after: { 'existing.txt': 'new\n' },
    },
    {
      name: 'an envelope whose later Add File leaves the working directory writes nothing, not even the earlier file',
      source:
        'openai-agents-python sandbox capabilities test_apply_patch_preflight.py: test_invalid_later_path_does_not_mutate_valid_prefix',
      before: {},
      input: D('*** Begin Patch', '*** Add File: safe.txt', '+safe', '*** Add File: ../escape.txt', '+escape', '*** End Patch'),
      absent: (work) => [join(work, '..', 'escape.txt')],
    },
  ]);
});
