/**
 * A memo of values that are cheap to make again and asked for over and over (a header's
 * parse, a key worked out from an address, a text shared by many answers): at most `max`
 * of them, and when full it starts again, which costs one `clear` where evicting one by one
 * would cost bookkeeping on every read. Whatever callers send bounds nothing but its size.
 */
export class BoundedMemo<K, V> {
  private readonly values = new Map<K, V>();

  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    return this.values.get(key);
  }

  /** Keeps `value` under `key` (after a fresh start, when full) and returns it. */
  set(key: K, value: V): V {
    if (this.values.size >= this.max) this.values.clear();
    this.values.set(key, value);
    return value;
  }
}
