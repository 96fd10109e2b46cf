// Envelope-wide errors: input that cannot be acted on at all. They are thrown
// by the parsers and preflight, caught once in the pipeline, and turned into a
// `rejected` outcome that writes nothing. "Does not fit the file" failures are
// not errors: they are ordinary values in the outcome (see FailedGroup).

export type ErrorCode =
  | 'parse_error'
  | 'empty_patch'
  | 'prose_before_patch'
  | 'freeform_lowered'
  | 'bad_input'
  | 'bad_edit'
  | 'bad_option'
  /** The command line cannot be run as given (the CLI's exit 64, in its --json document). */
  | 'usage_error'
  | 'overlapping_operations'
  | 'unreadable_snapshot'
  | 'changed_after_planning'
  | 'write_failed'
  | 'rollback_failed'
  | 'interrupted'
  | 'locked'
  | 'outside_root'
  | 'protected_path'
  | 'repeated_failure'
  | 'session_state'
  | 'binary_patch'
  | 'unsupported_diff'
  /** Something chord-patch did not expect (the MCP server reports it as a tool error instead of dying). */
  | 'internal_error';

export class ChordPatchError extends Error {
  readonly code: ErrorCode;
  /** 1-based line in the patch text, when the error is tied to one. */
  readonly line?: number;

  constructor(code: ErrorCode, message: string, line?: number) {
    super(message);
    this.name = 'ChordPatchError';
    this.code = code;
    if (line !== undefined) this.line = line;
  }
}

export function isChordPatchError(e: unknown): e is ChordPatchError {
  return e instanceof ChordPatchError;
}
