// Run an async step over many items with at most `limit` in flight: enough to
// overlap disk waits, few enough that a 10,000-file envelope never runs out of
// file descriptors (EMFILE).

export async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  step: (item: T) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (!stop() && next < items.length) await step(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
