import { type Path, type PathElement, comparePathElements } from './path-element.js';

interface Child {
  readonly pe: PathElement;
  readonly set: FieldSet;
}

const byPe = (a: { pe: PathElement }, b: { pe: PathElement }) => comparePathElements(a.pe, b.pe);

// Most nodes have members only or children only: the other map is this shared empty one until
// something is written (every write goes through putMember/putChild/dropChild), which spares
// allocating and collecting an empty Map per node of big sets.
const NO_MEMBERS: Map<string, PathElement> = new Map();
const NO_CHILDREN: Map<string, Child> = new Map();

/**
 * A set of field paths, stored as a trie: at each node, the path elements that are members
 * (owned) and the child nodes below which deeper members exist. An element can be both.
 *
 * A set is built by `insert`/`insertMember`/`child` and must not be changed once it has been
 * handed to anyone else: the algebra below returns new sets that may share unchanged subtrees
 * with its inputs. No node ever has an empty child.
 */
export class FieldSet {
  private memberMap = NO_MEMBERS;
  private childMap = NO_CHILDREN;
  private sortedMemberCache: PathElement[] | undefined;
  private sortedChildCache: Child[] | undefined;

  static empty(): FieldSet {
    return new FieldSet();
  }

  static fromPaths(paths: Iterable<Path>): FieldSet {
    const s = new FieldSet();
    for (const p of paths) s.insert(p);
    return s;
  }

  // ---- building (only on a set nobody else holds yet) ----

  /** Adds `path`; its parents become child nodes, not members. The empty path is ignored. */
  insert(path: Path): void {
    if (path.length === 0) return;
    let node: FieldSet = this;
    for (let i = 0; i < path.length - 1; i++) node = node.child(path[i]);
    node.insertMember(path[path.length - 1]);
  }

  insertMember(pe: PathElement): void {
    if (!this.memberMap.has(pe.id)) {
      this.putMember(pe.id, pe);
      this.sortedMemberCache = undefined;
    }
  }

  /** The child node under `pe`, created if missing. Callers must leave it non-empty. */
  child(pe: PathElement): FieldSet {
    const c = this.childMap.get(pe.id);
    if (c) return c.set;
    const set = new FieldSet();
    this.putChild(pe.id, { pe, set });
    this.sortedChildCache = undefined;
    return set;
  }

  /** Attaches a finished, non-empty subtree under `pe` (replacing any earlier one). */
  setChild(pe: PathElement, set: FieldSet): void {
    if (set.isEmpty()) this.dropChild(pe.id);
    else this.putChild(pe.id, { pe, set });
    this.sortedChildCache = undefined;
  }

  private putMember(id: string, pe: PathElement): void {
    if (this.memberMap === NO_MEMBERS) this.memberMap = new Map();
    this.memberMap.set(id, pe);
  }

  private putChild(id: string, c: Child): void {
    if (this.childMap === NO_CHILDREN) this.childMap = new Map();
    this.childMap.set(id, c);
  }

  private dropChild(id: string): void {
    if (this.childMap.has(id)) this.childMap.delete(id);
  }

  // ---- queries ----

  isEmpty(): boolean {
    // Children are never empty, so a node without members and children is the only empty one.
    return this.memberMap.size === 0 && this.childMap.size === 0;
  }

  /** Number of members in the whole tree. */
  size(): number {
    let n = this.memberMap.size;
    for (const c of this.childMap.values()) n += c.set.size();
    return n;
  }

  hasMember(pe: PathElement): boolean {
    return this.memberMap.has(pe.id);
  }

  hasMemberId(id: string): boolean {
    return this.memberMap.has(id);
  }

  /** True when `path` is a member (not merely a prefix of one). */
  has(path: Path): boolean {
    if (path.length === 0) return false;
    let node: FieldSet | undefined = this;
    for (let i = 0; i < path.length - 1; i++) {
      node = node.childMap.get(path[i].id)?.set;
      if (!node) return false;
    }
    return node.memberMap.has(path[path.length - 1].id);
  }

  /** The subtree under `pe`, or undefined. */
  childAt(pe: PathElement): FieldSet | undefined {
    return this.childMap.get(pe.id)?.set;
  }

  childAtId(id: string): FieldSet | undefined {
    return this.childMap.get(id)?.set;
  }

  /** The subtree under `pe` (an empty set when there is none). */
  withPrefix(pe: PathElement): FieldSet {
    return this.childMap.get(pe.id)?.set ?? new FieldSet();
  }

  hasChildren(): boolean {
    return this.childMap.size > 0;
  }

  memberCount(): number {
    return this.memberMap.size;
  }

  /** Members of this node, in path-element order. */
  members(): readonly PathElement[] {
    if (!this.sortedMemberCache) this.sortedMemberCache = [...this.memberMap.values()].sort(comparePathElements);
    return this.sortedMemberCache;
  }

  /** Child nodes of this node, in path-element order. */
  children(): readonly Child[] {
    if (!this.sortedChildCache) this.sortedChildCache = [...this.childMap.values()].sort(byPe);
    return this.sortedChildCache;
  }

  /** Members and children in no particular order (cheaper than the sorted views). */
  unorderedMembers(): IterableIterator<PathElement> {
    return this.memberMap.values();
  }

  unorderedChildren(): IterableIterator<Child> {
    return this.childMap.values();
  }

  /** Every member path, pre-order: a node's members first, then its children, each sorted. */
  iterate(visit: (path: Path) => void): void {
    const prefix: PathElement[] = [];
    const walk = (node: FieldSet) => {
      for (const m of node.members()) {
        prefix.push(m);
        visit(prefix.slice());
        prefix.pop();
      }
      for (const c of node.children()) {
        prefix.push(c.pe);
        walk(c.set);
        prefix.pop();
      }
    };
    walk(this);
  }

  paths(): Path[] {
    const out: Path[] = [];
    this.iterate((p) => out.push(p));
    return out;
  }

  equals(other: FieldSet): boolean {
    if (this === other) return true;
    if (this.memberMap.size !== other.memberMap.size || this.childMap.size !== other.childMap.size) return false;
    for (const id of this.memberMap.keys()) if (!other.memberMap.has(id)) return false;
    for (const [id, c] of this.childMap) {
      const o = other.childMap.get(id);
      if (!o || !c.set.equals(o.set)) return false;
    }
    return true;
  }

  // ---- algebra (results are new sets; inputs are untouched) ----

  union(other: FieldSet): FieldSet {
    if (other.isEmpty()) return this;
    if (this.isEmpty()) return other;
    const out = new FieldSet();
    if (this.memberMap.size > 0) out.memberMap = new Map(this.memberMap);
    for (const [id, pe] of other.memberMap) if (!out.memberMap.has(id)) out.putMember(id, pe);
    for (const [id, c] of this.childMap) {
      const o = other.childMap.get(id);
      out.putChild(id, o ? { pe: c.pe, set: c.set.union(o.set) } : c);
    }
    for (const [id, c] of other.childMap) if (!out.childMap.has(id)) out.putChild(id, c);
    return out;
  }

  intersection(other: FieldSet): FieldSet {
    // Elements are taken from `this`, so conflicts keep the owner's stored representation.
    const out = new FieldSet();
    if (this.memberMap.size <= other.memberMap.size) {
      for (const [id, pe] of this.memberMap) if (other.memberMap.has(id)) out.putMember(id, pe);
    } else {
      for (const id of other.memberMap.keys()) {
        const pe = this.memberMap.get(id);
        if (pe) out.putMember(id, pe);
      }
    }
    for (const [id, c] of this.childMap) {
      const o = other.childMap.get(id);
      if (!o) continue;
      const s = c.set.intersection(o.set);
      if (!s.isEmpty()) out.putChild(id, { pe: c.pe, set: s });
    }
    return out;
  }

  /** Members of this set that are not members of `other`; not recursive through membership. */
  difference(other: FieldSet): FieldSet {
    if (other.isEmpty()) return this;
    const out = new FieldSet();
    for (const [id, pe] of this.memberMap) if (!other.memberMap.has(id)) out.putMember(id, pe);
    for (const [id, c] of this.childMap) {
      const o = other.childMap.get(id);
      if (!o) {
        out.putChild(id, c);
        continue;
      }
      const s = c.set.difference(o.set);
      if (!s.isEmpty()) out.putChild(id, { pe: c.pe, set: s });
    }
    return out;
  }

  /** Like difference, but a subtree whose element is a member of `other` goes as a whole. */
  recursiveDifference(other: FieldSet): FieldSet {
    if (other.isEmpty()) return this;
    const out = new FieldSet();
    for (const [id, pe] of this.memberMap) if (!other.memberMap.has(id)) out.putMember(id, pe);
    for (const [id, c] of this.childMap) {
      if (other.memberMap.has(id)) continue;
      const o = other.childMap.get(id);
      if (!o) {
        out.putChild(id, c);
        continue;
      }
      const s = c.set.recursiveDifference(o.set);
      if (!s.isEmpty()) out.putChild(id, { pe: c.pe, set: s });
    }
    return out;
  }

  /** Only the members that have no child node below them. */
  leaves(): FieldSet {
    const out = new FieldSet();
    for (const [id, pe] of this.memberMap) if (!this.childMap.has(id)) out.putMember(id, pe);
    for (const [id, c] of this.childMap) {
      const s = c.set.leaves();
      if (!s.isEmpty()) out.putChild(id, { pe: c.pe, set: s });
    }
    return out;
  }
}
