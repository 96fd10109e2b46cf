// The last-resort line when a report could not be written (stdout on a full
// disk, a closed descriptor): the exit code alone cannot say which files
// changed, so one short line on stderr does, when stderr still works.

import type { Outcome } from '../types.js';
import { CHANGE_LETTER } from './message.js';

/** Paths named at most; the rest are counted. */
const SHOWN = 20;

/** Why a write failed, in a few words (`ENOSPC`), never a stack. */
export function writeErrorText(e: unknown): string {
  const err = e as NodeJS.ErrnoException | undefined;
  return err?.code ?? err?.message ?? String(e);
}

/** What happened to the files, when the report saying so was lost; `outcome` undefined: a command that changes no file. */
export function reportLostLine(outcome: Outcome | undefined, error: unknown): string {
  const head = `chord-patch: the report could not be written (${writeErrorText(error)})`;
  const leftNew = outcome?.disk?.newContent ?? [];
  if (leftNew.length > 0) return `${head}; a failed commit could not be undone, and these files hold new content: ${leftNew.join(', ')}\n`;
  if (!outcome || outcome.dryRun || outcome.changes.length === 0) return `${head}; no file was changed\n`;
  const names = outcome.changes.slice(0, SHOWN).map((c) => `${CHANGE_LETTER[c.kind]} ${c.path}${c.to !== undefined ? ` -> ${c.to}` : ''}`);
  const more = outcome.changes.length > SHOWN ? `, and ${outcome.changes.length - SHOWN} more` : '';
  const n = outcome.changes.length;
  const notApplied = outcome.failed.length > 0 ? `; not applied: ${outcome.failed.map((g) => g.paths.join(', ')).join('; ')}` : '';
  return `${head}; ${n} change${n === 1 ? ' was' : 's were'} committed: ${names.join(', ')}${more}${notApplied}\n`;
}

/** Whether `e` is a failed write to stdout or stderr (as opposed to a bug). */
export function isWriteError(e: unknown): boolean {
  const err = e as NodeJS.ErrnoException | undefined;
  return typeof err?.code === 'string' && err.syscall === 'write';
}
