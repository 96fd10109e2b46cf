// git's delta format (patch-delta.c), what a `delta N` binary hunk carries:
//
//   delta : size(source) size(target) op*      size: 7 bits a byte, least significant first, 0x80 = more
//   op    : 1xxxxxxx offset? size?             copy: bits 0-3 say which offset bytes follow, 4-6 which size bytes;
//                                              a size of 0 means 0x10000
//         | 0nnnnnnn byte{n}                   insert n (1-127) bytes; 0 is reserved and refused
//
// Every size is checked as git checks it: the source must be the stated size,
// a copy must lie inside it, and the ops must make exactly the stated target.

import { MAX_BINARY_BYTES } from '../input/git-binary.js';

/** The delta applied to `source`, or the reason it does not apply. */
export function applyDelta(source: Uint8Array, delta: Uint8Array): Uint8Array | string {
  let at = 0;
  const size = (): number | undefined => {
    let value = 0;
    for (let shift = 0; at < delta.length; shift += 7) {
      const b = delta[at++]!;
      value += (b & 0x7f) * 2 ** shift;
      if (!(b & 0x80)) return value;
      if (shift > 42) return undefined;
    }
    return undefined;
  };
  const sourceSize = size();
  const targetSize = size();
  if (sourceSize === undefined || targetSize === undefined) return 'the delta is cut short in its header';
  if (sourceSize !== source.length) return `the delta is for a ${sourceSize}-byte file, this one has ${source.length} bytes`;
  if (targetSize > MAX_BINARY_BYTES)
    return `the delta states a ${targetSize}-byte result, more than the ${MAX_BINARY_BYTES} bytes it may make`;
  const out = new Uint8Array(targetSize);
  let o = 0;
  while (at < delta.length) {
    const cmd = delta[at++]!;
    if (cmd & 0x80) {
      let offset = 0;
      let count = 0;
      for (let bit = 0; bit < 7; bit++) {
        if (!(cmd & (1 << bit))) continue;
        if (at >= delta.length) return 'a copy is cut short';
        const byte = delta[at++]!;
        if (bit < 4) offset += byte * 2 ** (8 * bit);
        else count += byte * 2 ** (8 * (bit - 4));
      }
      if (count === 0) count = 0x10000;
      if (offset + count > source.length) return `a copy of ${count} bytes at ${offset} reaches past the ${source.length}-byte file`;
      if (count > targetSize - o) return 'a copy goes past the stated result size';
      out.set(source.subarray(offset, offset + count), o);
      o += count;
    } else if (cmd !== 0) {
      if (cmd > targetSize - o || cmd > delta.length - at) return 'an insertion goes past the stated result size or the delta';
      out.set(delta.subarray(at, at + cmd), o);
      at += cmd;
      o += cmd;
    } else return 'the delta has opcode 0 (reserved)';
  }
  if (o !== targetSize) return `the delta makes ${o} bytes, its header states ${targetSize}`;
  return out;
}
