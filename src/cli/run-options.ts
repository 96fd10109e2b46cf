// The library options a command line asks for: flags, the config file's
// permission rules and the session id, turned into what apply/check/edit take.

import { resolve } from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config/config.js';
import { authorizeEdit as editPermission, patchAuthorizer } from '../config/permissions.js';
import { fuzzOption, stripOption, threeWayOption } from './choices.js';
import { UsageError } from './input.js';
import type { ApplyFlags } from './options.js';
import { printsDiffs } from './report.js';
import { isNullDevice } from './null-device.js';

/** --config FILE, else .chord-patch.yaml in `dir` when present; a bad config is a usage error. */
export async function configFor(file: string | undefined, dir: string | undefined): Promise<Config | undefined> {
  try {
    return await loadConfig({ ...(file !== undefined ? { file } : {}), ...(dir !== undefined ? { cwd: dir } : {}) });
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(e.message);
    throw e;
  }
}

/** --session ID, else $CHORD_PATCH_SESSION; none: no per-session state is kept. */
export function sessionOption(flag: string | undefined): { session?: string } {
  const id = flag ?? process.env.CHORD_PATCH_SESSION;
  return id ? { session: id } : {};
}

/**
 * $CHORD_PATCH_LOCK_TIMEOUT_MS: how long a run waits for another run's locks
 * before it refuses (default 30 s); a CI job may rather fail fast.
 */
export function lockTimeoutOption(): { lockTimeoutMs?: number } {
  const text = process.env.CHORD_PATCH_LOCK_TIMEOUT_MS;
  if (text === undefined || text === '') return {};
  if (!/^\d{1,9}$/.test(text)) throw new UsageError(`CHORD_PATCH_LOCK_TIMEOUT_MS expects milliseconds, got ${JSON.stringify(text)}`);
  return { lockTimeoutMs: Number(text) };
}

/**
 * Permission rules become the planner's authorize hook; no rules, no hook
 * (everything allowed). The config file itself is never a patch's to write.
 */
export function permissionOptions(config: Config | undefined, dir: string | undefined) {
  const file = config?.file !== undefined ? { configFile: config.file } : {};
  if (!config?.permission) return file;
  const root = resolve(dir ?? '.');
  // Edit requests are judged by the `edit` rules (inheriting apply_patch's), patches by apply_patch's.
  return {
    ...file,
    authorize: patchAuthorizer(config.permission, root),
    authorizeEdit: (path: string, real?: string) => editPermission(config, path, { cwd: root, ...(real !== undefined ? { real } : {}) }),
  };
}

/** --stat, --numstat or --summary: a listing instead of the diff. */
export function listsOnly(flags: ApplyFlags): boolean {
  return !!flags.stat || !!flags.numstat || !!flags.summary;
}

/**
 * The library options an apply-like command line asks for (`several`: `check`
 * over several files). The diff is built only when stdout shows it: not for
 * formats without one, and not when stdout is /dev/null.
 */
export function applyOptions(flags: ApplyFlags, config: Config | undefined, several = false) {
  if (flags.reject && (flags['3way'] || flags.threeWayMarkers)) throw new UsageError('--reject and --3way cannot be used together');
  return {
    ...(printsDiffs(flags, several) && !isNullDevice(1) ? {} : { diffs: false }),
    // git apply's listings print and write nothing, unless --apply.
    check: !!flags.check || !!flags.dryRun || (listsOnly(flags) && !flags.apply),
    ...(flags.cwd !== undefined ? { cwd: flags.cwd } : {}),
    allowOutside: !!flags.allowOutside,
    ...(flags.allowVcsDirs ? { allowVcsDirs: true } : {}),
    ...(flags.encoding !== undefined ? { encoding: flags.encoding } : {}),
    ...permissionOptions(config, flags.cwd),
    ...sessionOption(flags.session),
    ...lockTimeoutOption(),
    ...(flags.reverse ? { reverse: true } : {}),
    ...(flags.allOrNothing ? { allOrNothing: true } : {}),
    ...(flags.extract ? { extract: true } : {}),
    ...stripOption(flags.strip),
    ...threeWayOption(flags),
    ...unifiedFlags(flags),
  };
}

/** git apply's options for unified diffs (input/unified-options.ts). */
function unifiedFlags(flags: ApplyFlags) {
  return {
    ...(flags.reject ? { reject: true } : {}),
    ...(flags.allowEmpty ? { allowEmpty: true } : {}),
    ...(flags.unidiffZero ? { unidiffZero: true } : {}),
    ...(flags.recount ? { recount: true } : {}),
    ...(flags.pathRules?.length ? { pathRules: flags.pathRules } : {}),
    ...(flags.fuzz !== undefined ? { fuzz: fuzzOption(flags.fuzz) } : {}),
  };
}
