// YAML text -> a tree of mappings, lists and plain values, each with the line
// it starts on, so the config's messages can say where a problem is without
// quoting what the file holds. The yaml package parses; this walk builds the
// values with bounds of its own:
//
//   - duplicate keys are found with a set per mapping (the package's own
//     check compares every key with every other: 50,000 rules took seconds);
//   - aliases are expanded against a budget of values, so an alias bomb (a
//     few lines that expand to billions of values) is an error, not a hang;
//   - nesting is bounded, so a deeply nested document is an error, not a
//     stack overflow;
//   - merge keys (`<<: *base`) copy the keys the mapping does not set itself,
//     at the place of the `<<`.
//
// The yaml package is imported lazily, and only when a config file exists, so
// commands that never see a config do not pay for loading it.

import type { Document, Node as YamlNode } from 'yaml';

export type YNode =
  | { kind: 'map'; line: number; entries: YEntry[] }
  | { kind: 'seq'; line: number; items: YNode[] }
  | { kind: 'scalar'; line: number; value: unknown };

export interface YEntry {
  key: string;
  /** The key's line (1-based; 0 for data that did not come from text). */
  line: number;
  value: YNode;
}

/** Values an alias may expand to, over the whole document. */
export const MAX_ALIAS_VALUES = 10_000;
/** Mappings and lists inside one another. */
export const MAX_DEPTH = 64;

/** A problem with the text, at a line (0: the whole text). Never holds the text itself. */
export class YamlDataError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

type Yaml = typeof import('yaml');

/** Parse YAML text into a located tree; throws YamlDataError. */
export async function yamlData(text: string): Promise<YNode> {
  const YAML: Yaml = await import('yaml');
  const lines = new YAML.LineCounter();
  let doc: Document.Parsed;
  try {
    doc = YAML.parseDocument(text, { merge: true, uniqueKeys: false, prettyErrors: false, lineCounter: lines });
  } catch {
    // The parser itself gave up (a stack overflow on absurd nesting): say so without its words.
    throw new YamlDataError(0, 'cannot be parsed as YAML (nested too deeply?)');
  }
  const problem = doc.errors[0];
  if (problem) {
    const at = lines.linePos(problem.pos[0]);
    // The package's words may quote the text (an alias name, a token): only its code is kept.
    throw new YamlDataError(at.line, `not valid YAML at column ${at.col} (${problem.code.toLowerCase().replace(/_/g, ' ')})`);
  }
  const walk = new Walk(YAML, doc, (offset) => lines.linePos(offset).line);
  return walk.node(doc.contents, 0, false);
}

class Walk {
  private aliasValues = 0;

  constructor(
    private readonly YAML: Yaml,
    private readonly doc: Document.Parsed,
    private readonly lineOf: (offset: number) => number,
  ) {}

  node(n: YamlNode | null | undefined, depth: number, viaAlias: boolean): YNode {
    if (viaAlias && ++this.aliasValues > MAX_ALIAS_VALUES)
      throw new YamlDataError(0, `aliases expand to more than ${MAX_ALIAS_VALUES} values (an alias bomb?)`);
    const line = n?.range ? this.lineOf(n.range[0]) : 0;
    if (depth > MAX_DEPTH) throw new YamlDataError(line, `nests more than ${MAX_DEPTH} mappings or lists deep`);
    const { YAML } = this;
    if (n === null || n === undefined) return { kind: 'scalar', line, value: null };
    if (YAML.isAlias(n)) {
      const target = n.resolve(this.doc);
      if (!target) throw new YamlDataError(line, 'an alias names no anchor');
      return this.node(target, depth + 1, true);
    }
    if (YAML.isScalar(n)) return { kind: 'scalar', line, value: n.value };
    if (YAML.isSeq(n)) return { kind: 'seq', line, items: n.items.map((i) => this.node(i as YamlNode, depth + 1, viaAlias)) };
    if (YAML.isMap(n)) return this.map(n.items, line, depth, viaAlias);
    throw new YamlDataError(line, 'holds a YAML value of an unknown kind');
  }

  private map(pairs: readonly { key: unknown; value: unknown }[], line: number, depth: number, viaAlias: boolean): YNode {
    const entries: YEntry[] = [];
    const seen = new Set<string>();
    const merges: { at: number; from: YNode }[] = [];
    for (const pair of pairs) {
      const keyNode = pair.key as YamlNode | null;
      const keyLine = keyNode?.range ? this.lineOf(keyNode.range[0]) : line;
      if (this.YAML.isScalar(keyNode) && typeof keyNode.value === 'symbol') {
        merges.push({ at: entries.length, from: this.node(pair.value as YamlNode, depth + 1, viaAlias) });
        continue;
      }
      if (keyNode !== null && !this.YAML.isScalar(keyNode))
        throw new YamlDataError(keyLine, 'a key is a mapping or a list, not a plain value');
      const key = String(keyNode?.value ?? null);
      if (seen.has(key)) throw new YamlDataError(keyLine, 'a key appears twice in one mapping (duplicate key)');
      seen.add(key);
      entries.push({ key, line: keyLine, value: this.node(pair.value as YamlNode, depth + 1, viaAlias) });
    }
    return { kind: 'map', line, entries: merges.length === 0 ? entries : merged(entries, merges, seen) };
  }
}

/** `entries` with the keys of each merge source they do not set, placed where the `<<` stood (earlier sources win). */
function merged(entries: YEntry[], merges: { at: number; from: YNode }[], own: Set<string>): YEntry[] {
  const taken = new Set(own);
  const inserts = new Map<number, YEntry[]>();
  for (const { at, from } of merges) {
    const sources = from.kind === 'seq' ? from.items : [from];
    for (const source of sources) {
      if (source.kind !== 'map') throw new YamlDataError(from.line, 'a merge key (<<) must name a mapping or a list of mappings');
      for (const e of source.entries) {
        if (taken.has(e.key)) continue;
        taken.add(e.key);
        const list = inserts.get(at) ?? [];
        list.push(e);
        inserts.set(at, list);
      }
    }
  }
  const out: YEntry[] = [];
  for (let i = 0; i <= entries.length; i++) {
    out.push(...(inserts.get(i) ?? []));
    if (i < entries.length) out.push(entries[i]!);
  }
  return out;
}

/** Plain data (objects, Maps, arrays, values) as a tree without lines, for configs given as data. */
export function dataNode(value: unknown, depth = 0): YNode {
  if (depth > MAX_DEPTH) throw new YamlDataError(0, `nests more than ${MAX_DEPTH} mappings or lists deep`);
  if (value instanceof Map)
    return { kind: 'map', line: 0, entries: [...value].map(([k, v]) => ({ key: String(k), line: 0, value: dataNode(v, depth + 1) })) };
  if (Array.isArray(value)) return { kind: 'seq', line: 0, items: value.map((v) => dataNode(v, depth + 1)) };
  if (value !== null && typeof value === 'object')
    return { kind: 'map', line: 0, entries: Object.entries(value).map(([k, v]) => ({ key: k, line: 0, value: dataNode(v, depth + 1) })) };
  return { kind: 'scalar', line: 0, value };
}
