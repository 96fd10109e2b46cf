// Which operations commit when some fail (spec, "Transactional Behavior").
//
//   - A file group is every operation whose source is one path: a later
//     failure on that file drags the file's earlier operations with it.
//   - Dependencies point forward: an operation depends on every earlier
//     operation that touched one of its paths (a move touches its source and
//     its destination). A discarded operation discards everything that depends
//     on it, and with it that operation's whole file group.
//   - Nothing points backward across groups: an earlier group a discarded one
//     depended on stays eligible to commit ("Update a.txt / Move to: b.txt"
//     then a failing "Update b.txt": the move commits).
//
// For each path, the surviving operations that touch it are therefore a prefix
// of all the operations that touch it, so its committed state is the state
// after the last surviving one. Pure: indexes in, indexes out.

export interface OpPaths {
  /** The path whose file group the operation belongs to (its source). */
  group: string;
  /** Every path it touches: the source, and a move's destination. */
  paths: readonly string[];
}

export interface Closure {
  /** Operations that do not commit: failed, in a failed file group, or depending on one. */
  discarded: Set<number>;
  /**
   * The discarded operations as failure chains for the report: each chain is a
   * set of file groups linked by the dependency that dragged them, so the
   * model can rebuild the whole chain from its own patch. Indexes ascending.
   */
  chains: number[][];
}

export function closeFailures(ops: readonly OpPaths[], failed: Iterable<number>): Closure {
  const byGroup = new Map<string, number[]>();
  const byPath = new Map<string, number[]>();
  /** For op i, each path it touches with where i stands in that path's list. */
  const position: { list: number[]; at: number }[][] = [];
  ops.forEach((op, i) => {
    push(byGroup, op.group, i);
    const mine: { list: number[]; at: number }[] = [];
    for (const p of op.paths) {
      const list = push(byPath, p, i);
      // A path named twice by one op (never, today) counts once.
      if (list[list.length - 2] === i) list.pop();
      else mine.push({ list, at: list.length - 1 });
    }
    position.push(mine);
  });

  const discarded = new Set<number>();
  const work: number[] = [];
  const discardGroup = (group: string) => {
    for (const j of byGroup.get(group)!) {
      if (discarded.has(j)) continue;
      discarded.add(j);
      work.push(j);
    }
  };
  for (const i of failed) if (!discarded.has(i)) discardGroup(ops[i]!.group);
  while (work.length > 0) {
    const i = work.pop()!;
    for (const { list, at } of position[i]!) {
      // Everything after i on this path depended on it. The walk stops at an
      // operation already discarded: it drags what follows it when its own
      // turn comes, so each operation is dragged once (linear overall).
      for (let k = at + 1; k < list.length && !discarded.has(list[k]!); k++) discardGroup(ops[list[k]!]!.group);
    }
  }

  // Consecutive discarded operations on one path are one dependency chain.
  const chain = new UnionFind();
  for (const list of byPath.values()) {
    let prev: number | undefined;
    for (const j of list) {
      if (!discarded.has(j)) continue;
      if (prev !== undefined) chain.union(ops[prev]!.group, ops[j]!.group);
      prev = j;
    }
  }
  const chains = new Map<string, number[]>();
  for (let i = 0; i < ops.length; i++) if (discarded.has(i)) push(chains, chain.find(ops[i]!.group), i);
  return { discarded, chains: [...chains.values()] };
}

function push<K>(m: Map<K, number[]>, k: K, v: number): number[] {
  let list = m.get(k);
  if (!list) m.set(k, (list = []));
  list.push(v);
  return list;
}

class UnionFind {
  private parent = new Map<string, string>();
  find(p: string): string {
    let r = p;
    while (this.parent.has(r) && this.parent.get(r) !== r) r = this.parent.get(r)!;
    if (r !== p) this.parent.set(p, r);
    return r;
  }
  union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(rb, ra);
  }
}
