// The Lark grammar Chord and Codex send with the freeform apply_patch custom
// tool (format.definition). It must go out byte for byte as Codex defines it:
// servers that support constrained decoding compile exactly this text, so it
// is a constant, not something rebuilt from the parser. `chord-patch grammar`
// prints it; src/input/validate.ts checks patch text against the same rules.

export const APPLY_PATCH_GRAMMAR = `start: begin_patch hunk+ end_patch
begin_patch: "*** Begin Patch" LF
end_patch: "*** End Patch" LF?

hunk: add_hunk | delete_hunk | update_hunk
add_hunk: "*** Add File: " filename LF add_line+
delete_hunk: "*** Delete File: " filename LF
update_hunk: "*** Update File: " filename LF change_move? change?

filename: /(.+)/
add_line: "+" /(.*)/ LF -> line

change_move: "*** Move to: " filename LF
change: (change_context | change_line)+ eof_line?
change_context: ("@@" | "@@ " /(.+)/) LF
change_line: ("+" | "-" | " ") /(.*)/ LF
eof_line: "*** End of File" LF

%import common.LF
`;
