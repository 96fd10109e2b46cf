// Node (and Bun) decode the command line as UTF-8 before the CLI sees it: a
// byte that is not valid UTF-8 in apply_patch's argument arrives as U+FFFD,
// and would be written into a file as that character. The bytes as sent are
// still in /proc/self/cmdline on Linux; the argument is taken from there, so
// that the input decoder refuses the bad byte with its line, as it does for
// stdin. Without /proc (macOS, Windows), a U+FFFD in the argument cannot be
// told from a bad byte, so such an argument is refused: send it on stdin.

import { readFileSync } from 'node:fs';
import { ChordPatchError } from '../errors.js';

/** The command line's last argument, as bytes when it decoded with replacements, else as given. */
export function rawArgument(decoded: string): string | Uint8Array {
  if (!decoded.includes('\uFFFD')) return decoded;
  const raw = fromProc();
  // The same argument, decoded the way the runtime did: its bytes are what was sent.
  if (raw && new TextDecoder().decode(raw) === decoded) return raw;
  throw new ChordPatchError(
    'bad_input',
    'the patch argument holds U+FFFD, the character invalid UTF-8 bytes are decoded to, ' +
      'and the bytes as sent cannot be read on this system; ' +
      'nothing was applied: pass the patch on stdin (apply_patch < patch.txt), which is checked byte by byte',
  );
}

function fromProc(): Uint8Array | undefined {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync('/proc/self/cmdline');
  } catch {
    return undefined;
  }
  const args: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0) {
      args.push(bytes.subarray(start, i));
      start = i + 1;
    }
  }
  if (start < bytes.length) args.push(bytes.subarray(start));
  return args.at(-1);
}
