/**
 * A map bounded in bytes that drops its least recently used entries, roughly: the "second
 * chance" (CLOCK) rule. Entries wait in the order they came (a Map keeps it); when the map is
 * over its bound, the oldest go first, except one read since it was last passed (or new since),
 * which goes to the back of the line once. A read is one Map lookup and one flag set, where an exact LRU moves
 * the entry in a list on every read: this map sits on the hot path of cached answers, read tens
 * of thousands of times a second across thousands of keys.
 */
interface Slot<V> {
  value: V;
  bytes: number;
  /** read since the eviction last passed it */
  used: boolean;
}

export class SecondChanceMap<V> {
  private readonly slots = new Map<string, Slot<V>>();
  private total = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V, key: string) => number,
  ) {}

  get(key: string): V | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    slot.used = true;
    return slot.value;
  }

  /** Keeps `value` under `key` (replacing what was there); a value larger than the whole bound is not kept. */
  set(key: string, value: V): void {
    this.delete(key);
    const bytes = this.sizeOf(value, key);
    if (bytes > this.maxBytes) return;
    // A new entry counts as read: it is passed over once, not dropped before anyone asked for it.
    this.slots.set(key, { value, bytes, used: true });
    this.total += bytes;
    if (this.total > this.maxBytes) this.evict();
  }

  delete(key: string): boolean {
    const slot = this.slots.get(key);
    if (!slot) return false;
    this.slots.delete(key);
    this.total -= slot.bytes;
    return true;
  }

  get size(): number {
    return this.slots.size;
  }

  /** The bytes counted for the entries kept. */
  get bytes(): number {
    return this.total;
  }

  // --- internal ---

  private evict(): void {
    // A slot sent to the back has its flag cleared, so the walk ends: at worst it meets it again and drops it.
    for (const [key, slot] of this.slots) {
      if (this.total <= this.maxBytes) return;
      this.slots.delete(key);
      if (slot.used) {
        slot.used = false;
        this.slots.set(key, slot);
      } else this.total -= slot.bytes;
    }
  }
}
