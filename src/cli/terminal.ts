// Whether a descriptor is a terminal. fstat settles it for the descriptors of
// scripts and CI (a pipe, a file, /dev/null); node:tty, which loads Node's
// stream modules with it, is asked only about another character device.

import { fstatSync } from 'node:fs';
import { isNullDevice } from './null-device.js';

export function isTerminal(fd: number): boolean {
  try {
    if (!fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  return !isNullDevice(fd) && process.getBuiltinModule('node:tty').isatty(fd);
}
