// Path-based permission rules for the file tools, evaluated the way Chord
// does (the spec's "Permissions" section):
//
//   - rules are ordered; the last matching rule wins; nothing matching denies;
//   - `patch` is an alias of `apply_patch` (normalised when the config is read);
//   - edit and apply_patch form one family: a tool's own rule for the path wins,
//     otherwise the other editor's rule for the path is inherited, and only
//     then do `*` rules apply (so an editor rule overrides wildcard rules
//     wherever it stands in the list);
//   - a tool is "disabled" (not offered to the model at all) when the rule
//     that governs it is a blanket deny (pattern `*`).
//
// Path patterns follow Chord: the path is made relative to the working
// directory (paths outside it stay absolute), a relative pattern never matches
// an outside path and an absolute one never matches an inside path, and only
// the literal pattern `*` matches both. The glob syntax (`*` across `/`, `**/`,
// `?`, `[a-z]`, `{a,b}`, `\` escapes) is in config/glob.ts; a pattern it
// cannot read is rejected when the config is read, and a rule built by hand
// with such a pattern denies (it never silently matches nothing).

import { homedir } from 'node:os';
import { isAbsolute, posix, relative, resolve, sep } from 'node:path';
import type { FileOp } from '../types.js';
import { compileGlob, globProblem } from './glob.js';

export type PermissionAction = 'allow' | 'deny' | 'ask';
/** The tools a rule can name (`patch` is read as `apply_patch`). */
export type PermissionTool = 'edit' | 'apply_patch' | 'write' | 'delete' | '*';
export type FileTool = Exclude<PermissionTool, '*'>;

export interface PermissionRule {
  tool: PermissionTool;
  /** Path glob; `*` for a rule given as a plain action (`edit: deny`). */
  pattern: string;
  action: PermissionAction;
  /** The tool key exactly as the config wrote it (`patch`, `apply_patch`, ...), for messages. */
  key: string;
  /** Written as `tool: action` rather than as a map of path globs. */
  blanket: boolean;
}

export interface Decision {
  action: PermissionAction;
  /** The rule that decided; absent when nothing matched (default deny). */
  rule?: PermissionRule;
  /** How the rule applied: the tool's own rule, the other editor's, a `*` rule, or a rule whose pattern cannot be read. */
  via?: 'own' | 'inherited' | 'wildcard' | 'unreadable';
}

const counterpart = (tool: FileTool): FileTool | undefined =>
  tool === 'edit' ? 'apply_patch' : tool === 'apply_patch' ? 'edit' : undefined;

// ------------------------------------------------------------------ matching

type PatternKind = 'any' | 'relative' | 'absolute';

function classify(pattern: string): { kind: PatternKind; glob: string } {
  const p = pattern.trim();
  if (p === '*') return { kind: 'any', glob: '*' };
  if (p === '~') return { kind: 'absolute', glob: toSlash(homedir()) };
  if (p.startsWith('~/')) return { kind: 'absolute', glob: posix.join(toSlash(homedir()), p.slice(2)) };
  if (isAbsolute(p) || p.startsWith('/')) return { kind: 'absolute', glob: posix.normalize(toSlash(p)) };
  return { kind: 'relative', glob: posix.normalize(toSlash(p.startsWith('./') ? p.slice(2) : p)) };
}

const toSlash = (p: string): string => (sep === '/' ? p : p.split(sep).join('/'));

/**
 * The spelling rules match against: relative to `root` with `/` separators
 * when the path is inside it (`./a/../b` -> `b`), otherwise absolute.
 */
export function rulePath(root: string, path: string): string {
  const abs = resolve(root, path);
  const rel = relative(resolve(root), abs);
  if (rel === '') return '.';
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return toSlash(abs);
  return toSlash(rel);
}

/**
 * Why a rule's path pattern cannot be used, or undefined. Besides unreadable
 * glob syntax: a pattern ending in `/` names a directory, and rules are
 * matched against file paths, so it would never match anything.
 */
export function patternProblem(pattern: string): string | undefined {
  const p = pattern.trim();
  if (p === '') return 'a path glob cannot be empty';
  if (p.endsWith('/')) {
    return (
      'the pattern ends with "/", but rules match file paths, so it would match nothing: ' + 'add "**" after the "/" for the files under it'
    );
  }
  return globProblem(classify(p).glob);
}

/** Does `pattern` match a path already in rulePath() form? Throws GlobError for a pattern patternProblem() refuses. */
export function patternMatches(pattern: string, path: string): boolean {
  const { kind, glob } = classify(pattern);
  if (kind === 'any') return true;
  const absoluteInput = path.startsWith('/') || isAbsolute(path);
  if ((kind === 'absolute') !== absoluteInput) return false;
  return compileGlob(glob).matches(path);
}

// ---------------------------------------------------------------- evaluation

/**
 * Resolve the action for `tool` on `path` (rulePath() form). A rule of the
 * tools consulted whose pattern cannot be read denies (`via: 'unreadable'`):
 * refusing is safe, guessing what the pattern meant is not.
 */
export function evaluatePermission(rules: readonly PermissionRule[], tool: FileTool, path: string): Decision {
  const other = counterpart(tool);
  const broken = rules.find((r) => (r.tool === tool || r.tool === other || r.tool === '*') && patternProblem(r.pattern) !== undefined);
  if (broken) return { action: 'deny', rule: broken, via: 'unreadable' };
  return evaluateReadable(rules, tool, path);
}

function evaluateReadable(rules: readonly PermissionRule[], tool: FileTool, path: string): Decision {
  const other = counterpart(tool);
  if (other) {
    let inherited: PermissionRule | undefined;
    for (let i = rules.length - 1; i >= 0; i--) {
      const r = rules[i]!;
      if (r.tool === '*' || !patternMatches(r.pattern, path)) continue;
      if (r.tool === tool) return { action: r.action, rule: r, via: 'own' };
      if (r.tool === other && !inherited) inherited = r;
    }
    if (inherited) return { action: inherited.action, rule: inherited, via: 'inherited' };
  }
  for (let i = rules.length - 1; i >= 0; i--) {
    const r = rules[i]!;
    if ((r.tool === tool || r.tool === '*') && patternMatches(r.pattern, path)) {
      return { action: r.action, rule: r, via: r.tool === '*' ? 'wildcard' : 'own' };
    }
  }
  return { action: 'deny' };
}

/**
 * Is `tool` unavailable outright, so it should not be offered to the model?
 * True when the rule governing the tool (its own last rule, else the other
 * editor's, else the last `*` rule) denies every path.
 */
export function isToolDisabled(rules: readonly PermissionRule[], tool: FileTool): boolean {
  const other = counterpart(tool);
  const blanketDeny = (r: PermissionRule) => r.pattern.trim() === '*' && r.action === 'deny';
  if (other) {
    let inherited: PermissionRule | undefined;
    for (let i = rules.length - 1; i >= 0; i--) {
      const r = rules[i]!;
      if (r.tool === tool) return blanketDeny(r);
      if (r.tool === other && !inherited) inherited = r;
    }
    if (inherited) return blanketDeny(inherited);
  }
  for (let i = rules.length - 1; i >= 0; i--) {
    const r = rules[i]!;
    if (r.tool === tool || r.tool === '*') return blanketDeny(r);
  }
  return false;
}

/** `edit: deny` or `write: "secrets/**": deny`, as the config wrote it. */
export function describeRule(rule: PermissionRule): string {
  return rule.blanket ? `${rule.key}: ${rule.action}` : `${rule.key}: ${JSON.stringify(rule.pattern)}: ${rule.action}`;
}

/** Why `decision` refuses `tool`, or undefined when it allows. */
export function denialReason(decision: Decision, tool: FileTool): string | undefined {
  if (decision.action === 'allow') return undefined;
  if (!decision.rule) return `no permission rule allows ${tool} on this path (permission rules deny by default)`;
  const rule = `permission rule \`${describeRule(decision.rule)}\``;
  if (decision.via === 'unreadable')
    return `${rule} has a path pattern that cannot be read (${patternProblem(decision.rule.pattern)}); fix the configuration`;
  const how = decision.via === 'inherited' ? ` (${tool} inherits the ${decision.rule.tool} rules)` : '';
  if (decision.action === 'ask') return `${rule}${how} requires approval, and chord-patch never asks interactively`;
  return `denied by ${rule}${how}`;
}

/**
 * The last of `tool`'s own rules matching `path`, if any. Used for the extra
 * write/delete checks on patch operations: those only restrict, so a path no
 * write/delete rule mentions is left to the editor's own decision.
 */
function ownDecision(rules: readonly PermissionRule[], tool: 'write' | 'delete', path: string): Decision | undefined {
  const broken = rules.find((r) => r.tool === tool && patternProblem(r.pattern) !== undefined);
  if (broken) return { action: 'deny', rule: broken, via: 'unreadable' };
  for (let i = rules.length - 1; i >= 0; i--) {
    const r = rules[i]!;
    if (r.tool === tool && patternMatches(r.pattern, path)) return { action: r.action, rule: r, via: 'own' };
  }
  return undefined;
}

/**
 * The `authorize` hook for apply/check (PlanOptions.authorize). Every path an
 * operation touches is checked as apply_patch (which inherits edit's rules).
 * Paths it creates (Add, Move destination) are also checked against the
 * `write` rules and paths it removes (Delete, Move source) against the
 * `delete` rules; the stricter answer wins, and the message names the rule.
 * A path reached through a symbolic link is checked where it really is
 * (`real`) as well as as spelled, and both must be allowed: `link/key.pem`
 * with `link -> secrets` is judged by the `secrets/**` rules too.
 */
export function patchAuthorizer(
  rules: readonly PermissionRule[],
  root: string,
): (op: FileOp, path: string, role: 'source' | 'target', real?: string) => string | undefined {
  const judge = (op: FileOp, p: string, role: 'source' | 'target'): string | undefined => {
    const main = denialReason(evaluatePermission(rules, 'apply_patch', p), 'apply_patch');
    if (main) return main;
    const creates = role === 'target';
    const removes = op.kind === 'delete' || (op.kind === 'update' && op.moveTo !== undefined && role === 'source');
    if (creates) {
      const d = ownDecision(rules, 'write', p);
      const why = d && denialReason(d, 'write');
      if (why) return `creating this file: ${why}`;
    }
    if (removes) {
      const d = ownDecision(rules, 'delete', p);
      const why = d && denialReason(d, 'delete');
      if (why) return `removing this file: ${why}`;
    }
    return undefined;
  };
  return (op, path, role, real) => judge(op, rulePath(root, path), role) ?? viaLink(real, (p) => judge(op, rulePath(root, p), role));
}

/** The refusal for a path's real location, said as such; undefined when there is none or it is allowed. */
function viaLink(real: string | undefined, judge: (real: string) => string | undefined): string | undefined {
  if (real === undefined) return undefined;
  const why = judge(real);
  return why === undefined ? undefined : `reached through a symbolic link, this path is ${real}: ${why}`;
}

/**
 * Permission check for the edit tool (one existing file per call), for the
 * `edit` command to call with the loaded config: the `edit` rules, inheriting
 * apply_patch's, then `*`. With `creates` (an edit that makes a new file) the
 * `write` rules are consulted too, as for Add File; with `real` (where the
 * path really is, a symbolic link on its way) that location is judged too.
 * Returns the refusal reason (fail the edit with code 'permission_denied'),
 * or undefined when allowed. No config or no `permission:` section:
 * everything is allowed.
 */
export function authorizeEdit(
  config: { permission?: readonly PermissionRule[] } | undefined,
  path: string,
  options: { cwd?: string; creates?: boolean; real?: string } = {},
): string | undefined {
  const rules = config?.permission;
  if (!rules) return undefined;
  const cwd = options.cwd ?? process.cwd();
  const judge = (p: string): string | undefined => {
    const main = denialReason(evaluatePermission(rules, 'edit', p), 'edit');
    if (main) return main;
    if (options.creates) {
      const d = ownDecision(rules, 'write', p);
      const why = d && denialReason(d, 'write');
      if (why) return `creating this file: ${why}`;
    }
    return undefined;
  };
  return judge(rulePath(cwd, path)) ?? viaLink(options.real, (p) => judge(rulePath(cwd, p)));
}
