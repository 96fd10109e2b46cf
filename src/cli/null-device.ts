// Whether output goes to /dev/null, where whatever is written is thrown away
// (a script that runs `chord-patch apply >/dev/null` for the exit code alone):
// the CLI then skips building the diff only stdout would have shown, as GNU
// grep skips its output work for a /dev/null stdout.

import { fstatSync, statSync } from 'node:fs';

/** Whether `fd` is /dev/null; false when in doubt (no such descriptor, no /dev/null). */
export function isNullDevice(fd: number): boolean {
  try {
    const s = fstatSync(fd);
    return s.isCharacterDevice() && s.rdev === statSync('/dev/null').rdev;
  } catch {
    return false;
  }
}
