import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configFromData } from '../../src/config/config.js';
import { compileGlob } from '../../src/config/glob.js';
import {
  authorizeEdit,
  evaluatePermission,
  isToolDisabled,
  patchAuthorizer,
  patternMatches,
  patternProblem,
  type PermissionRule,
  rulePath,
} from '../../src/config/permissions.js';
import { selectTools } from '../../src/models/tools.js';
import type { FileOp } from '../../src/types.js';

/** Rules as the config reader builds them, from an object in document order. */
const rules = (permission: unknown): PermissionRule[] => configFromData({ permission }).permission!;
const action = (r: PermissionRule[], tool: 'edit' | 'apply_patch' | 'write' | 'delete', path = 'src/a.ts') =>
  evaluatePermission(r, tool, path).action;

describe('the spec examples of editor permissions', () => {
  it('edit: allow allows both tools; patch-native models see apply_patch, others edit', () => {
    const r = rules({ edit: 'allow' });
    expect([action(r, 'edit'), action(r, 'apply_patch')]).toEqual(['allow', 'allow']);
    const config = configFromData({ permission: { edit: 'allow' } });
    expect(selectTools({ model: 'gpt-5.5', config }).surface).toBe('apply_patch');
    expect(selectTools({ model: 'claude-sonnet-4', config }).surface).toBe('edit');
  });

  it('edit: allow, apply_patch: deny denies apply_patch only; patch-native models fall back to edit', () => {
    const r = rules({ edit: 'allow', apply_patch: 'deny' });
    expect([action(r, 'edit'), action(r, 'apply_patch')]).toEqual(['allow', 'deny']);
    const s = selectTools({ model: 'gpt-5.5', config: configFromData({ permission: { edit: 'allow', apply_patch: 'deny' } }) });
    expect(s.surface).toBe('edit');
    expect(s.tools.map((t) => t.name)).toEqual(['edit', 'write', 'delete']);
  });

  it('apply_patch: allow, edit: deny denies edit only; non-GPT models fall back to apply_patch', () => {
    const r = rules({ apply_patch: 'allow', edit: 'deny' });
    expect([action(r, 'edit'), action(r, 'apply_patch')]).toEqual(['deny', 'allow']);
    const s = selectTools({ model: 'qwen3-coder', config: configFromData({ permission: { apply_patch: 'allow', edit: 'deny' } }) });
    expect(s.surface).toBe('apply_patch');
    expect(s.tools.map((t) => t.name)).toEqual(['apply_patch', 'write', 'delete']);
  });

  it('*: deny, apply_patch: allow allows both tools (edit inherits the apply_patch rule)', () => {
    const r = rules({ '*': 'deny', apply_patch: 'allow' });
    expect([action(r, 'edit'), action(r, 'apply_patch')]).toEqual(['allow', 'allow']);
    expect(action(r, 'write')).toBe('deny');
  });

  it('*: allow, apply_patch: deny denies both tools (edit inherits the apply_patch deny)', () => {
    const r = rules({ '*': 'allow', apply_patch: 'deny' });
    expect([action(r, 'edit'), action(r, 'apply_patch')]).toEqual(['deny', 'deny']);
    expect(action(r, 'write')).toBe('allow');
  });
});

describe('the spec fallback rules between edit and apply_patch', () => {
  it('gives apply_patch the edit rule when only edit is configured', () => {
    expect(evaluatePermission(rules({ edit: 'deny' }), 'apply_patch', 'a')).toMatchObject({ action: 'deny', via: 'inherited' });
  });

  it('gives edit the apply_patch rule when only apply_patch is configured', () => {
    expect(evaluatePermission(rules({ apply_patch: 'allow' }), 'edit', 'a')).toMatchObject({ action: 'allow', via: 'inherited' });
  });

  it('lets edit: deny disable apply_patch too, unless apply_patch has its own rule', () => {
    expect(isToolDisabled(rules({ edit: 'deny' }), 'apply_patch')).toBe(true);
    expect(isToolDisabled(rules({ edit: 'deny', apply_patch: 'allow' }), 'apply_patch')).toBe(false);
    expect(isToolDisabled(rules({ apply_patch: 'allow', edit: 'deny' }), 'edit')).toBe(true);
  });

  it('uses each tool its own rule when both are configured', () => {
    const r = rules({ apply_patch: 'deny', edit: 'allow' });
    expect(evaluatePermission(r, 'edit', 'a')).toMatchObject({ action: 'allow', via: 'own' });
    expect(evaluatePermission(r, 'apply_patch', 'a')).toMatchObject({ action: 'deny', via: 'own' });
  });

  it('lets a single editor rule override wildcard rules wherever the wildcard stands', () => {
    const r = rules({ edit: 'deny', '*': 'allow' });
    expect([action(r, 'edit'), action(r, 'apply_patch'), action(r, 'write')]).toEqual(['deny', 'deny', 'allow']);
  });

  it('reads patch as the legacy alias of apply_patch', () => {
    const r = rules({ edit: 'allow', patch: 'deny' });
    expect(r.map((x) => x.tool)).toEqual(['edit', 'apply_patch']);
    expect([action(r, 'edit'), action(r, 'apply_patch')]).toEqual(['allow', 'deny']);
  });
});

describe('ordered path rules', () => {
  it('lets the last matching rule win', () => {
    const r = rules({ apply_patch: { '*': 'allow', 'secrets/**': 'deny', 'secrets/public/*': 'allow' } });
    expect(action(r, 'apply_patch', 'src/a.ts')).toBe('allow');
    expect(action(r, 'apply_patch', 'secrets/key.pem')).toBe('deny');
    expect(action(r, 'apply_patch', 'secrets/public/readme.md')).toBe('allow');
  });

  it('denies a path no rule matches', () => {
    const r = rules({ apply_patch: { 'src/**': 'allow' } });
    expect(evaluatePermission(r, 'apply_patch', 'docs/a.md')).toEqual({ action: 'deny' });
  });

  it('falls back to the other editor, then to *, for a path the own rules do not cover', () => {
    const r = rules({ '*': 'deny', edit: { 'docs/**': 'allow' }, apply_patch: { 'src/**': 'allow' } });
    expect(evaluatePermission(r, 'apply_patch', 'docs/a.md')).toMatchObject({ action: 'allow', via: 'inherited' });
    expect(evaluatePermission(r, 'apply_patch', 'lib/a.md')).toMatchObject({ action: 'deny', via: 'wildcard' });
  });

  it('does not disable a tool whose rules allow some paths', () => {
    expect(isToolDisabled(rules({ apply_patch: { '*': 'deny', 'src/**': 'allow' } }), 'apply_patch')).toBe(false);
    expect(isToolDisabled(rules({ apply_patch: { 'src/**': 'allow', '*': 'deny' } }), 'apply_patch')).toBe(true);
    expect(isToolDisabled([], 'write')).toBe(false);
  });

  it('turns a plain permission action into a rule for every tool', () => {
    const r = rules('deny');
    expect(r).toEqual([{ tool: '*', pattern: '*', action: 'deny', key: '*', blanket: true }]);
    expect(isToolDisabled(r, 'edit')).toBe(true);
  });
});

describe('path patterns', () => {
  it.each([
    ['*', 'any/thing.ts', true],
    ['*', '/etc/passwd', true],
    ['src/*', 'src/deep/a.ts', true],
    ['src/**', 'src/a.ts', true],
    ['src/**/*.ts', 'src/a.ts', true],
    ['src/**/*.ts', 'src/x/y/a.ts', true],
    ['src/**/*.ts', 'src/a.js', false],
    ['*.env', 'config/.env', true],
    ['.env', 'config/.env', false],
    ['./src/*', 'src/a', true],
    ['src/a?.ts', 'src/ab.ts', true],
    ['src/a.ts', 'src/aXts', false],
    ['/etc/*', '/etc/hosts', true],
    ['/etc/*', 'etc/hosts', false],
    ['etc/*', '/etc/hosts', false],
    ['[a].txt', 'a.txt', true],
    ['[a].txt', '[a].txt', false],
    ['\\[a\\].txt', '[a].txt', true],
    ['secrets/*.{key,pem}', 'secrets/a.key', true],
    ['secrets/*.{key,pem}', 'secrets/deep/b.pem', true],
    ['secrets/*.{key,pem}', 'secrets/a.txt', false],
    ['secrets/*.{key,pem}', 'secrets/*.{key,pem}', false],
    ['{src,lib}/**/*.{ts,tsx}', 'lib/x/y.tsx', true],
    ['{src,lib}/**/*.{ts,tsx}', 'test/y.ts', false],
    ['{a,{b,c}d}.txt', 'cd.txt', true],
    ['{a,{b,c}d}.txt', 'c.txt', false],
    ['{,.}env', '.env', true],
    ['{,.}env', 'env', true],
    ['[ab].key', 'b.key', true],
    ['[ab].key', 'c.key', false],
    ['key[0-9].pem', 'key7.pem', true],
    ['key[0-9].pem', 'keyx.pem', false],
    ['key[!0-9].pem', 'keyx.pem', true],
    ['key[!0-9].pem', 'key7.pem', false],
    ['a[!x]b', 'a/b', false],
    ['[]]x', ']x', true],
    ['[a-]x', '-x', true],
    ['ü[é]', 'üé', true],
    ['emoji-?.txt', 'emoji-😀.txt', true],
    ['\\*.txt', '*.txt', true],
    ['\\*.txt', 'a.txt', false],
    ['a.{b,c}', 'a.{b,c}', false],
    ['\\{b,c\\}', '{b,c}', true],
  ])('%s matching %s is %s', (pattern, path, want) => {
    expect(patternMatches(pattern, path)).toBe(want);
  });

  // A backtracking regular expression took minutes on this path while holding the commit lock.
  it('matches a glob with several stars against a 3.6 KB path without backtracking', { timeout: 10_000 }, () => {
    const long = `src/${'test/'.repeat(720)}x.js`;
    expect(long.length).toBeGreaterThan(3600);
    expect(patternMatches('src/**/*test*/**/*.ts', long)).toBe(false);
    expect(patternMatches('src/**/*test*/**/*.ts', `src/${'test/'.repeat(720)}x.ts`)).toBe(true);
    expect(patternMatches('*a*a*a*a*a*a*a*b', 'a'.repeat(3600))).toBe(false);
  });

  it('agrees with a regular expression on stars, question marks and literals', () => {
    // The simple subset where a regular expression is an easy oracle (short inputs keep it fast).
    fc.assert(
      fc.property(fc.stringMatching(/^[ab*?/]{0,8}$/), fc.stringMatching(/^[ab/]{0,10}$/), (glob, path) => {
        const source = glob
          .replace(/\*+/g, '*')
          .split('')
          .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c))
          .join('');
        if (glob.includes('**/')) return; // `**/` has its own meaning, covered by the table
        expect(compileGlob(glob).matches(path)).toBe(new RegExp(`^${source}$`, 's').test(path));
      }),
    );
  });

  it.each([
    ['secrets/*.{key,pem', /"\{" at character 11 is never closed/],
    ['secrets/*.key,pem}', /"\}" at character 18 closes no "\{"/],
    ['[ab.txt', /"\[" at character 1 is never closed/],
    ['{key}', /has no comma/],
    ['log{1..3}', /ranges like \{1\.\.3\} are not supported/],
    ['[9-0]', /a range in "\[" at character 1 runs backwards/],
    ['a\\', /escapes nothing/],
    ['secrets/', /add "\*\*" after the "\/" for the files under it/],
  ])('refuses the unreadable pattern %j instead of matching it literally', (pattern, why) => {
    expect(patternProblem(pattern)).toMatch(why);
    expect(() => configFromData({ permission: { apply_patch: { [pattern]: 'deny' } } })).toThrow(why);
  });

  it('denies, naming the rule, when a rule built by hand has a pattern it cannot read', () => {
    const hand: PermissionRule[] = [
      { tool: 'edit', pattern: '*', action: 'allow', key: 'edit', blanket: true },
      { tool: 'edit', pattern: 'secrets/*.{key,pem', action: 'deny', key: 'edit', blanket: false },
    ];
    expect(evaluatePermission(hand, 'edit', 'src/a.ts')).toMatchObject({ action: 'deny', via: 'unreadable' });
    expect(authorizeEdit({ permission: hand }, 'src/a.ts', { cwd: '/repo' })).toContain(
      'has a path pattern that cannot be read ("{" at character 11 is never closed',
    );
  });

  it('matches paths relative to the working directory, and outside paths as absolute', () => {
    expect(rulePath('/repo', './src/../lib/a.ts')).toBe('lib/a.ts');
    expect(rulePath('/repo', '/repo/src/a.ts')).toBe('src/a.ts');
    expect(rulePath('/repo', '../other/a.ts')).toBe('/other/a.ts');
  });
});

describe('authorizing patch operations', () => {
  const add: FileOp = { kind: 'add', path: 'gen/a.txt', lines: ['x'], patchLine: 2 };
  const del: FileOp = { kind: 'delete', path: 'old.txt', patchLine: 2 };
  const move: FileOp = { kind: 'update', path: 'a.txt', moveTo: 'b.txt', hunks: [], patchLine: 2 };
  const upd: FileOp = { kind: 'update', path: 'a.txt', hunks: [], patchLine: 2 };

  it('names the rule that denies a path', () => {
    const auth = patchAuthorizer(rules({ apply_patch: { '*': 'allow', 'secrets/**': 'deny' } }), '/repo');
    expect(auth(upd, 'secrets/k', 'source')).toBe('denied by permission rule `apply_patch: "secrets/**": deny`');
    expect(auth(upd, 'src/k', 'source')).toBeUndefined();
  });

  it('says when the rule was inherited from edit', () => {
    const auth = patchAuthorizer(rules({ edit: 'deny' }), '/repo');
    expect(auth(upd, 'a.txt', 'source')).toBe('denied by permission rule `edit: deny` (apply_patch inherits the edit rules)');
  });

  it('checks created paths against write and removed paths against delete, the stricter winning', () => {
    const auth = patchAuthorizer(rules({ edit: 'allow', write: { 'gen/**': 'deny' }, delete: 'deny' }), '/repo');
    expect(auth(add, 'gen/a.txt', 'target')).toBe('creating this file: denied by permission rule `write: "gen/**": deny`');
    expect(auth(add, 'src/a.txt', 'target')).toBeUndefined();
    expect(auth(del, 'old.txt', 'source')).toBe('removing this file: denied by permission rule `delete: deny`');
    expect(auth(move, 'a.txt', 'source')).toBe('removing this file: denied by permission rule `delete: deny`');
    expect(auth(move, 'b.txt', 'target')).toBeUndefined();
    expect(auth(upd, 'a.txt', 'source')).toBeUndefined();
  });

  it('does not let a write allow override an editor deny', () => {
    const auth = patchAuthorizer(rules({ apply_patch: 'deny', write: 'allow' }), '/repo');
    expect(auth(add, 'gen/a.txt', 'target')).toBe('denied by permission rule `apply_patch: deny`');
  });

  it('explains the default deny and never asks', () => {
    const auth = patchAuthorizer(rules({ apply_patch: { 'src/**': 'allow', 'src/gen/**': 'ask' } }), '/repo');
    expect(auth(upd, 'docs/a.md', 'source')).toBe('no permission rule allows apply_patch on this path (permission rules deny by default)');
    expect(auth(upd, 'src/gen/a.ts', 'source')).toBe(
      'permission rule `apply_patch: "src/gen/**": ask` requires approval, and chord-patch never asks interactively',
    );
  });
});

describe('authorizing the edit tool', () => {
  it('allows everything without a permission section', () => {
    expect(authorizeEdit(undefined, 'a.txt')).toBeUndefined();
    expect(authorizeEdit(configFromData({}), 'a.txt')).toBeUndefined();
  });

  it('allows an edit under edit: allow even where apply_patch is denied, wholly or for a path', () => {
    for (const apply_patch of ['deny', { 'secrets/**': 'deny' }]) {
      const config = configFromData({ permission: { edit: 'allow', apply_patch } });
      expect(authorizeEdit(config, 'secrets/k.txt', { cwd: '/repo' })).toBeUndefined();
      expect(
        patchAuthorizer(config.permission!, '/repo')(
          { kind: 'update', path: 'secrets/k.txt', hunks: [], patchLine: 1 },
          'secrets/k.txt',
          'source',
        ),
      ).toContain('denied by permission rule `apply_patch');
    }
  });

  it('uses the edit rules, inheriting apply_patch', () => {
    const config = configFromData({ permission: { apply_patch: { '*': 'allow', 'vendor/**': 'deny' } } });
    expect(authorizeEdit(config, 'src/a.ts', { cwd: '/repo' })).toBeUndefined();
    expect(authorizeEdit(config, '/repo/vendor/x.js', { cwd: '/repo' })).toBe(
      'denied by permission rule `apply_patch: "vendor/**": deny` (edit inherits the apply_patch rules)',
    );
  });

  it('consults write for an edit that creates a file', () => {
    const config = configFromData({ permission: { edit: 'allow', write: { 'gen/**': 'deny' } } });
    expect(authorizeEdit(config, 'gen/a.ts', { cwd: '/repo' })).toBeUndefined();
    expect(authorizeEdit(config, 'gen/a.ts', { cwd: '/repo', creates: true })).toContain('creating this file');
  });
});
