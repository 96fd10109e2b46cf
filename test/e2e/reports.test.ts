// Failure reports through the CLI: the terminal report for people, failure
// locations as fields in --json, --format github / junit / json, and `check`
// over several patch files with the worst exit code.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { readTree, scratchTrees } from '../support/tree.js';

const scratch = scratchTrees();

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');
const BASE = { 'a.txt': 'one\ntwo\nthree\n', 'b.txt': 'x\nsame\ny\nsame\n' };
/** a.txt applies; b.txt's hunk matches two places (lines 2 and 4). */
const PARTIAL = P('*** Update File: a.txt', '-one', '+ONE', '*** Update File: b.txt', '@@', '-same', '+other');
/** a.txt's second hunk is found nowhere; its closest line is line 3. */
const MISS = P('*** Update File: a.txt', '@@', '-one', '+ONE', '@@', '-thre', '+THREE');
const GOOD = P('*** Update File: a.txt', '-two', '+TWO');

describe('the failure report on a terminal', () => {
  it('names each failure with error:, file:line of the candidates and the patch line, then what was committed', () => {
    const dir = scratch(BASE);
    const r = runCli(['apply'], { cwd: dir, input: PARTIAL });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      [
        'error: b.txt: hunk ambiguous (1/1): expected line "same"; the context matches 2 places (lines 2, 4) in the file: ' +
          'chord-patch never guesses between them; ' +
          'add a context line that occurs only at the intended place, or an @@ line naming the enclosing function or class',
        '  --> b.txt:2, b.txt:4 (candidates)',
        '  = from hunk 1, patch line 6',
        'committed (the rest was left as it was):',
        '  M a.txt',
        '',
      ].join('\n'),
    );
    expect(r.stderr).not.toContain('do not redo');
    expect(r.stderr).not.toContain('apply_patch');
  });

  it('points at the closest line and lists the operations carried along with the failed one', () => {
    const dir = scratch(BASE);
    const r = runCli(['apply'], { cwd: dir, input: MISS });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: a.txt: hunk not found (2/2)');
    expect(r.stderr).toContain('  --> a.txt:3 (closest match)');
    expect(r.stderr).toContain('  = from hunk 2, patch line 6');
    expect(r.stderr).toMatch(/nothing was written\n$/);
    expect(readTree(dir)).toEqual(BASE);
  });

  it('colours the report with --color=always or FORCE_COLOR, and never with NO_COLOR, FORCE_COLOR=0 or TERM=dumb', () => {
    const dir = scratch(BASE);
    const red = '\x1b[1m\x1b[31merror:\x1b[39m\x1b[22m';
    expect(runCli(['check', '--color=always'], { cwd: dir, input: MISS }).stderr).toContain(red);
    expect(runCli(['check'], { cwd: dir, input: MISS, env: { NO_COLOR: '', FORCE_COLOR: '1' } }).stderr).toContain(red);
    for (const env of [{ NO_COLOR: '1' }, { NO_COLOR: '', FORCE_COLOR: '0' }, { NO_COLOR: '', TERM: 'dumb' }]) {
      expect(runCli(['check'], { cwd: dir, input: MISS, env }).stderr).not.toContain('\x1b[');
    }
    expect(runCli(['check', '--color=never'], { cwd: dir, input: MISS, env: { NO_COLOR: '', FORCE_COLOR: '1' } }).stderr).not.toContain(
      '\x1b[',
    );
  });

  it('keeps the model text for --model and for the apply_patch entry', () => {
    const dir = scratch(BASE);
    const model = runCli(['check', '--model'], { cwd: dir, input: MISS });
    expect(model.stderr).toMatch(/^apply_patch failed: 1 file group not applied: a.txt\n/);
    const entry = runCli([], { cwd: dir, bin: 'apply_patch', input: MISS });
    expect(entry.stderr).toBe(model.stderr);
  });

  it('speaks to a person: no resubmit orders, no read coordinates, no undefined "file group"; --model and JSON keep them', () => {
    const go = 'package main\n\nfunc main() {\n\tx := 1\n\ty := 2\n\tz := 3\n\tfmt.Println(add(1, 2))\n\tfmt.Println("done")\n}\n';
    const dir = scratch({ ...BASE, 'main.go': go });
    const twice = P('*** Update File: a.txt', '@@', '-two', '+TWO');
    expect(runCli(['apply', '-q'], { cwd: dir, input: twice }).code).toBe(0);
    const carried = P('*** Update File: b.txt', '@@', '-x', '+X', '@@', '-nowhere', '+N', '*** Update File: b.txt', '@@', '-y', '+Y');
    const drifted = JSON.stringify({
      path: 'main.go',
      old_string: 'func main() {\n\tfmt.Println(add(1, 2))\n\tfmt.Println("done")\n}',
      new_string: 'func main() {}',
    });
    const runs: [string[], string][] = [
      [['apply'], twice],
      [['apply'], carried],
      [['edit'], drifted],
      [['edit'], JSON.stringify({ path: 'a.txt', old_string: 'two', new_string: 'TWO' })],
    ];
    for (const [args, input] of runs) {
      const person = runCli(args, { cwd: dir, input });
      expect(person.code, person.stderr).toBe(1);
      expect(person.stderr).not.toMatch(/resubmit|resend|offset=|limit=|file group/i);
      const model = runCli([...args, '--model'], { cwd: dir, input });
      const json = JSON.parse(runCli([...args, '--json'], { cwd: dir, input }).stdout);
      expect(model.stderr + JSON.stringify(json)).toMatch(/do not resubmit|resubmit them|offset=\d+, limit=\d+/);
    }
    const first = runCli(['apply'], { cwd: dir, input: twice }).stderr;
    expect(first).toContain(
      'error: a.txt: already applied; nothing to change: the new text of the hunk already stands in the file (line 2)',
    );
    const second = runCli(['apply'], { cwd: dir, input: carried }).stderr;
    expect(second).toContain('hunk 1 of this file matched in memory but was not written either');
    expect(second).toContain('  = also not written, as they change the same file or build on the failed change');
    expect(runCli(['edit'], { cwd: dir, input: drifted }).stderr).toMatch(
      /has drifted: .*\. Copy old_string from those lines again, or anchor/,
    );
    expect(readTree(dir)).toEqual({ ...BASE, 'a.txt': 'one\nTWO\nthree\n', 'main.go': go });
  });

  it('gives an edit failure the file and the line of the closest match', () => {
    const dir = scratch({ 'f.txt': 'alpha\nbeta\n' });
    const r = runCli(['edit'], { cwd: dir, input: JSON.stringify({ path: 'f.txt', old_string: 'alpha\nbta', new_string: 'x' }) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: f\.txt: old_string not found in file; the closest match is at lines 1-2/);
    expect(r.stderr).toContain('  --> f.txt:1 (closest match)\n  = from edits[0]\n');
  });
});

describe('failure locations in --json', () => {
  it('carries path, operation, hunk, patch line and file lines for each failure', () => {
    const dir = scratch(BASE);
    const doc = JSON.parse(runCli(['apply', '--check', '--json'], { cwd: dir, input: MISS }).stdout);
    expect(doc.failed[0].failures).toEqual([
      {
        op: 0,
        code: 'hunk_not_found',
        path: 'a.txt',
        message: expect.stringMatching(/^a\.txt: hunk not found \(2\/2\)/),
        hunk: 2,
        patchLine: 6,
        lines: [3],
      },
    ]);
  });

  it('carries the entry index of a failing batch edit and the lines where old_string occurs', () => {
    const dir = scratch({ 'f.txt': 'a\nb\na\n' });
    const input = JSON.stringify({
      path: 'f.txt',
      edits: [
        { old_string: 'b', new_string: 'B' },
        { old_string: 'a', new_string: 'A' },
      ],
    });
    const doc = JSON.parse(runCli(['edit', '--format', 'json'], { cwd: dir, input }).stdout);
    expect(doc.failed[0].edit).toBe('batch');
    expect(doc.failed[0].failures).toEqual([
      {
        op: 1,
        code: 'old_string_ambiguous',
        path: 'f.txt',
        message: expect.stringMatching(/^edits\[1\]: old_string found 2 times/),
        lines: [1, 3],
        entry: 1,
      },
    ]);
  });
});

describe('--format', () => {
  it('github: each failure at the target line and at the patch file line, each naming the other, then a ::notice summary', () => {
    const dir = scratch(BASE);
    writeFileSync(join(dir, 'p.patch'), PARTIAL);
    const r = runCli(['check', '--format', 'github', 'p.patch'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout.split('\n')).toEqual([
      expect.stringMatching(
        /^::error file=b\.txt,line=2,title=chord-patch%3A hunk_ambiguous::b\.txt: hunk ambiguous \(1\/1\).* \(from p\.patch, line 6\)$/,
      ),
      expect.stringMatching(
        /^::error file=p\.patch,line=6,title=chord-patch%3A hunk_ambiguous::b\.txt: hunk ambiguous .* \(at b\.txt, line 2\)$/,
      ),
      '::notice title=chord-patch::p.patch: would partly apply: 1 change; b.txt would fail',
      '',
    ]);
  });

  it('github: the patch file and patch line when the target line is unknown, and % CR LF , : escaped', () => {
    const dir = scratch({ 'x,y:z%.txt': 'a\n' });
    writeFileSync(join(dir, 'p.patch'), P('*** Add File: x,y:z%.txt', '+b'));
    const r = runCli(['apply', '--format=github', 'p.patch'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      '::error file=p.patch,line=2,title=chord-patch%3A file_exists::' +
        'x,y:z%25.txt: cannot add file that already exists; use "*** Update File:" instead\n',
    );
    const err = runCli(['check', '--format', 'github'], { cwd: dir, input: P('*** Update File: x,y:z%.txt', '-zz', '+b') });
    expect(err.stdout).toMatch(/^::error file=x%2Cy%3Az%25\.txt,title=chord-patch%3A hunk_not_found::/);
    const multi = runCli(['check', '--format', 'github', 'p.patch', 'p.patch'], { cwd: dir });
    expect(multi.stdout).toMatch(/::notice title=chord-patch::p\.patch: would not apply: .*%0Ap\.patch: .*%0Atotal: 2 patch files: /);
  });

  it('junit: one testcase per patch file and file group, XML-escaped, with failure counts', () => {
    const dir = scratch(BASE);
    writeFileSync(join(dir, 'p.patch'), PARTIAL);
    writeFileSync(join(dir, 'bad.patch'), 'no <patch> & "here"\n');
    const r = runCli(['check', '--format', 'junit', 'p.patch', 'bad.patch'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="chord-patch" tests="3" failures="1" errors="1">\n/,
    );
    expect(r.stdout).toContain('<testsuite name="p.patch" tests="2" failures="1" errors="0">');
    expect(r.stdout).toContain('<testcase classname="p.patch" name="M a.txt"/>');
    expect(r.stdout).toContain(
      '<testcase classname="p.patch" name="b.txt">\n' +
        '      <failure type="hunk_ambiguous" message="b.txt: hunk ambiguous (1/1): expected line &quot;same&quot;;',
    );
    expect(r.stdout).toContain(
      '<error type="parse_error" message="line 1: expected &quot;*** Begin Patch&quot;, ' +
        'found &quot;no &lt;patch&gt; &amp; \\&quot;here\\&quot;&quot;',
    );
    expect(r.stdout).toMatch(/<\/testsuites>\n$/);
  });

  it('json is --json, and anything else is a usage error', () => {
    const dir = scratch(BASE);
    const a = runCli(['check', '--format', 'json'], { cwd: dir, input: PARTIAL });
    const b = runCli(['check', '--json'], { cwd: dir, input: PARTIAL });
    expect(a.stdout).toBe(b.stdout);
    expect(JSON.parse(a.stdout).files[0].status).toBe('partial');
    const bad = runCli(['check', '--format', 'xml'], { cwd: dir, input: PARTIAL });
    expect(bad.code).toBe(64);
    expect(bad.stderr).toBe('chord-patch: --format expects text, json, github, junit, openai, got "xml"\n');
  });
});

describe('check over several patch files', () => {
  it('checks each against the same tree, prints a line per file and a total, and exits with the worst code', () => {
    const dir = scratch(BASE);
    writeFileSync(join(dir, 'good.patch'), GOOD);
    writeFileSync(join(dir, 'partial.patch'), PARTIAL);
    writeFileSync(join(dir, 'miss.patch'), MISS);
    const r = runCli(['check', 'good.patch', 'partial.patch'], { cwd: dir });
    expect(r.stdout).toBe(
      [
        'good.patch: would apply: 1 change',
        'partial.patch: would partly apply: 1 change; b.txt would fail',
        'total: 2 patch files: 1 would apply, 1 would partly apply, 0 would not apply',
        '',
      ].join('\n'),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^partial\.patch:\n {2}error: b\.txt: hunk ambiguous/);
    expect(runCli(['check', 'good.patch', 'miss.patch', 'partial.patch'], { cwd: dir }).code).toBe(1);
    expect(runCli(['check', 'good.patch', 'good.patch'], { cwd: dir }).code).toBe(0);
    const missing = runCli(['check', 'miss.patch', 'nope.patch'], { cwd: dir });
    expect(missing.code).toBe(64);
    expect(missing.stdout).toContain('nope.patch: cannot be read: cannot read nope.patch');
    expect(readTree(dir)).toEqual({ ...BASE, 'good.patch': GOOD, 'partial.patch': PARTIAL, 'miss.patch': MISS });
  });

  it('prints one versioned JSON document for any number of files, stdin included, each file naming itself', () => {
    const dir = scratch(BASE);
    writeFileSync(join(dir, 'good.patch'), GOOD);
    writeFileSync(join(dir, 'miss.patch'), MISS);
    const r = runCli(['check', '--json', 'good.patch', 'miss.patch'], { cwd: dir });
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc)).toEqual(['schemaVersion', 'exitCode', 'files']);
    expect(doc.schemaVersion).toBe(1);
    expect(doc.exitCode).toBe(1);
    const docs = doc.files;
    for (const one of [runCli(['check', '--json', 'good.patch'], { cwd: dir }), runCli(['check', '--json'], { cwd: dir, input: GOOD })]) {
      const single = JSON.parse(one.stdout);
      expect(Object.keys(single)).toEqual(Object.keys(doc));
      expect(single.files).toHaveLength(1);
      expect(single.files[0].status).toBe('checked');
    }
    expect(JSON.parse(runCli(['check', '--json'], { cwd: dir, input: GOOD }).stdout).files[0].file).toBe('<stdin>');
    expect(docs.map((d: { file: string; status: string }) => [d.file, d.status])).toEqual([
      ['good.patch', 'checked'],
      ['miss.patch', 'rejected'],
    ]);
    expect(r.code).toBe(1);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe(BASE['a.txt']);
  });
});

describe('a patch that changes nothing', () => {
  // git's t4136 "apply exits non-zero with no-op patch": git refuses such a hunk; chord-patch applies it, which
  // changes nothing, and once reported "M a.txt, applied 1 change" for a file it had not touched.
  it('reports no change, in every view, for hunks of context only or undone by a later one', () => {
    const dir = scratch(BASE);
    const diff = ['--- a/a.txt', '+++ b/a.txt', '@@ -1,2 +1,2 @@', ' one', ' two', ''].join('\n');
    const human = runCli(['apply'], { cwd: dir, input: diff });
    expect(human.code).toBe(0);
    expect(human.stdout).toBe('chord-patch: nothing to change\nnote: a.txt: its hunks change nothing; left as it was\n');
    const json = JSON.parse(runCli(['apply', '--json'], { cwd: dir, input: diff }).stdout);
    expect({ status: json.status, changes: json.changes }).toEqual({ status: 'applied', changes: [] });
    expect(json.message).toMatch(/^Success\. No file changed\.\n/);
    const undone = P('*** Update File: a.txt', '-one', '+ONE', '*** Update File: a.txt', '-ONE', '+one');
    expect(runCli(['apply', '--model'], { cwd: dir, input: undone }).stdout).toMatch(/^Success\. No file changed\.\n/);
    expect(readTree(dir)).toEqual(BASE);
  });
});
