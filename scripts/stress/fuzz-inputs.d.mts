// Types for fuzz-inputs.mjs.
import type { Arbitrary } from 'fast-check';

export const TREE: Record<string, string>;
export const OUTSIDE: Record<string, string>;
export const hostileInput: Arbitrary<string | Uint8Array>;
