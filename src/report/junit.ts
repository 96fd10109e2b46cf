// `--format junit`: a JUnit XML report, the format CI systems read test
// results in. One <testsuite> per patch file, one <testcase> per file group
// of it: a changed file that applies (or would) passes, a failed group fails
// with each failure's code and message, and an input that could not be acted
// on at all (a parse error, a failed commit) is one <testcase> with <error>.

import type { FailedGroup, Outcome } from '../types.js';
import { hex } from '../text/quote.js';
import { changeLine } from './message.js';

export interface JunitSuite {
  /** The patch file's name (`<stdin>` for stdin). */
  name: string;
  outcome: Outcome;
}

/** Characters XML 1.0 cannot hold at all (even escaped), shown as \uXXXX instead. */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlEscape(s: string): string {
  return s
    .replace(NOT_XML, (c) => `\\u${hex(c.charCodeAt(0), 4)}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const attr = (name: string, value: string | number) => ` ${name}="${xmlEscape(String(value))}"`;

interface Case {
  name: string;
  /** Absent: passed. */
  failure?: { kind: 'failure' | 'error'; type: string; message: string; body: string };
}

function failedCase(g: FailedGroup): Case {
  const first = g.failures[0];
  const carried = g.operations.filter((o) => o.status === 'carried').map((o) => `carried along, not written: ${o.label}`);
  return {
    name: g.paths.join(', '),
    failure: {
      kind: 'failure',
      type: first?.code ?? 'failed',
      message: first?.message ?? 'not applied',
      body: [...g.failures.map((f) => `${f.code}: ${f.message}`), ...carried].join('\n'),
    },
  };
}

function casesOf(o: Outcome): Case[] {
  const cases: Case[] = o.changes.map((c) => ({ name: changeLine(c) }));
  cases.push(...o.failed.map(failedCase));
  if (o.error) {
    const e = o.error;
    cases.push({ name: '(whole patch)', failure: { kind: 'error', type: e.code, message: e.message, body: e.message } });
  }
  if (cases.length === 0) cases.push({ name: '(no changes)' });
  return cases;
}

function caseXml(suite: string, c: Case): string {
  const open = `    <testcase${attr('classname', suite)}${attr('name', c.name)}`;
  if (!c.failure) return `${open}/>\n`;
  const f = c.failure;
  const failure = `<${f.kind}${attr('type', f.type)}${attr('message', f.message)}>${xmlEscape(f.body)}</${f.kind}>`;
  return `${open}>\n      ${failure}\n    </testcase>\n`;
}

/** The whole report: every patch file's suite, with the counts CI tools show. */
export function junitReport(suites: readonly JunitSuite[]): string {
  let body = '';
  const total = { tests: 0, failures: 0, errors: 0 };
  for (const s of suites) {
    const cases = casesOf(s.outcome);
    const failures = cases.filter((c) => c.failure?.kind === 'failure').length;
    const errors = cases.filter((c) => c.failure?.kind === 'error').length;
    total.tests += cases.length;
    total.failures += failures;
    total.errors += errors;
    body += `  <testsuite${attr('name', s.name)}${attr('tests', cases.length)}${attr('failures', failures)}${attr('errors', errors)}>\n`;
    body += cases.map((c) => caseXml(s.name, c)).join('');
    body += '  </testsuite>\n';
  }
  const counts = `${attr('tests', total.tests)}${attr('failures', total.failures)}${attr('errors', total.errors)}`;
  const head = `<testsuites${attr('name', 'chord-patch')}${counts}>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${head}\n${body}</testsuites>\n`;
}
