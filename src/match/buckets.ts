// Lines grouped by a 32-bit key (a hash, a signature) in typed arrays: the
// matcher's lookup tables for 100,000-line files. A Map of per-key arrays
// cost an object per line; this costs two typed arrays (6 bytes a line, 10
// with the keys kept) and no garbage.

export interface Buckets {
  /** Every line's key, when kept (see buildBuckets). */
  keys?: Int32Array;
  /** Bucket b holds order[offsets[b] .. offsets[b + 1]): its lines, ascending. */
  offsets: Int32Array;
  order: Int32Array;
  mask: number;
}

/**
 * Bucket `n` lines by `keyOf(i)`. With `keep`, every key is stored (4 bytes a
 * line) for callers that filter candidates by it; without, keyOf is simply
 * called twice per line and callers check candidates themselves. About two
 * lines per bucket: a bucket is a short list, and the offsets cost 2 bytes a
 * line.
 */
export function buildBuckets(n: number, keyOf: (i: number) => number, keep: boolean): Buckets {
  if (keep) {
    const keys = new Int32Array(n);
    for (let i = 0; i < n; i++) keys[i] = keyOf(i);
    return bucketKeys(keys, true);
  }
  const keys = keep ? new Int32Array(n) : undefined;
  let size = 1;
  while (size * 2 < n) size <<= 1;
  const mask = size - 1;
  // Counting sort by bucket, filled from the last line down so each bucket
  // lists its lines in ascending order.
  const offsets = new Int32Array(size + 1);
  for (let i = 0; i < n; i++) {
    const k = keyOf(i);
    if (keys) keys[i] = k;
    offsets[(k & mask) + 1]! += 1;
  }
  for (let b = 0; b < size; b++) offsets[b + 1]! += offsets[b]!;
  const order = new Int32Array(n);
  for (let i = n - 1; i >= 0; i--) {
    const b = ((keys ? keys[i]! : keyOf(i)) & mask) + 1;
    offsets[b]! -= 1;
    order[offsets[b]!] = i;
  }
  // Each offsets[b + 1] now holds where bucket b starts; shift them back.
  offsets.copyWithin(0, 1);
  offsets[size] = n;
  return { ...(keys ? { keys } : {}), offsets, order, mask };
}

/**
 * Bucket lines by keys computed beforehand (table.hashAll: one tight loop),
 * keeping them only with `keep`: the loops here make no call per line.
 */
export function bucketKeys(keys: Int32Array, keep: boolean): Buckets {
  const n = keys.length;
  let size = 1;
  while (size * 2 < n) size <<= 1;
  const mask = size - 1;
  // The same counting sort as buildBuckets, each element read and written
  // once per step (a read-modify-write spelled `+=` reads it twice in the
  // interpreter these cold loops run in).
  const offsets = new Int32Array(size + 1);
  for (let i = 0; i < n; i++) {
    const b = (keys[i]! & mask) + 1;
    offsets[b] = offsets[b]! + 1;
  }
  let sum = 0;
  for (let b = 1; b <= size; b++) {
    sum += offsets[b]!;
    offsets[b] = sum;
  }
  const order = new Int32Array(n);
  for (let i = n - 1; i >= 0; i--) {
    const b = (keys[i]! & mask) + 1;
    const at = offsets[b]! - 1;
    offsets[b] = at;
    order[at] = i;
  }
  offsets.copyWithin(0, 1);
  offsets[size] = n;
  return { ...(keep ? { keys } : {}), offsets, order, mask };
}

/** The [from, to) range of `order` whose lines may have `key` (same bucket; check keys[line]). */
export function bucketOf(b: Buckets, key: number): [from: number, to: number] {
  const k = key & b.mask;
  return [b.offsets[k]!, b.offsets[k + 1]!];
}
