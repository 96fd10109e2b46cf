// The escaping rules of the CI formats, exactly as their consumers document them.

import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, workflowCommand } from '../../src/report/github.js';
import { xmlEscape } from '../../src/report/junit.js';

describe('GitHub workflow command escaping', () => {
  it('escapes %, CR and LF in the message, and also : and , in property values', () => {
    expect(escapeData('50% done\r\nnext: a,b')).toBe('50%25 done%0D%0Anext: a,b');
    expect(escapeProperty('src/a:b,c%.ts\n')).toBe('src/a%3Ab%2Cc%25.ts%0A');
  });

  it('writes file, line and title properties in that order, leaving out what is unknown', () => {
    expect(workflowCommand('error', { file: 'a.ts', line: 3, title: 'chord-patch: x' }, 'm')).toBe(
      '::error file=a.ts,line=3,title=chord-patch%3A x::m\n',
    );
    expect(workflowCommand('notice', { title: 't' }, 'a\nb')).toBe('::notice title=t::a%0Ab\n');
  });
});

describe('JUnit XML escaping', () => {
  it('escapes the five XML specials and spells out characters XML 1.0 cannot hold', () => {
    expect(xmlEscape(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    expect(xmlEscape('bell\u0007 tab\t lone\uD800 pair\uD83D\uDE00')).toBe('bell\\u0007 tab\t lone\\uD800 pair\uD83D\uDE00');
  });
});
