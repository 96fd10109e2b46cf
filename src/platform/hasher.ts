// A streaming hash through Bun's native hasher in the binary, else
// node:crypto loaded on first use: most runs hash nothing, every module that
// imported node:crypto would load it at start-up, and under Bun loading it
// costs more than a multi-file commit spends hashing.

export interface Hash {
  update(data: Uint8Array | string): Hash;
  digest(encoding: 'hex'): string;
}

type Algorithm = 'sha1' | 'sha256';

const BunHasher = (globalThis as { Bun?: { CryptoHasher: new (algorithm: Algorithm) => Hash } }).Bun?.CryptoHasher;

/** A fresh streaming hash of `algorithm`. */
export function hasher(algorithm: Algorithm): Hash {
  return BunHasher ? new BunHasher(algorithm) : process.getBuiltinModule('node:crypto').createHash(algorithm);
}
