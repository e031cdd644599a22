/**
 * The share-listing service's own traffic (docs/decisions.md (/api)), on the statistics storage (memory, or
 * Redis shared by instances). Each instance owns one record and overwrites it after each
 * request, so no read-modify-write races exist between instances; a snapshot sums every
 * instance's record and is itself stored for 5 minutes so that all instances answer alike.
 */
import { randomUUID } from "node:crypto";
import type { Storage } from "unstorage";

export interface TrafficCounters {
  /** every request under /api */
  requests: number;
  /** listings answered 200 */
  list: number;
  /** QR codes answered 200 */
  qrcode: number;
  /** requests under /api answered with an error */
  failed: number;
  /** file entries returned by the listings */
  files: number;
}

export interface TrafficSnapshot {
  /** the current UTC day */
  today: TrafficCounters;
  total: TrafficCounters;
  /** ISO time the earliest counted instance started */
  since: string;
  /** ISO time this snapshot was taken */
  generatedAt: string;
}

export type RequestKind = "list" | "qrcode" | "other";

export const SNAPSHOT_TTL_SECONDS = 300;
const RECORD_PREFIX = "traffic:instance:";
const SNAPSHOT_KEY = "traffic:snapshot";

interface InstanceRecord {
  startedAt: number;
  /** UTC day of `today`, YYYY-MM-DD */
  day: string;
  today: TrafficCounters;
  total: TrafficCounters;
}

export class TrafficStats {
  private readonly key = RECORD_PREFIX + randomUUID();
  private readonly record: InstanceRecord;
  private writing?: Promise<void>;
  private dirty = false;

  constructor(
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {
    this.record = { startedAt: now(), day: utcDay(now()), today: zero(), total: zero() };
  }

  /** Counts one finished /api request. Never throws and never delays the answer. */
  count(kind: RequestKind, ok: boolean, files = 0): void {
    this.rollDay();
    for (const counters of [this.record.today, this.record.total]) {
      counters.requests++;
      if (!ok) counters.failed++;
      else if (kind === "list") {
        counters.list++;
        counters.files += files;
      } else if (kind === "qrcode") counters.qrcode++;
    }
    this.persist();
  }

  /** The statistics of every instance, as taken at most 5 minutes ago. */
  async snapshot(): Promise<TrafficSnapshot> {
    const now = this.now();
    const stored = await this.storage.getItem<TrafficSnapshot>(SNAPSHOT_KEY).catch(() => null);
    if (stored && now - Date.parse(stored.generatedAt) < SNAPSHOT_TTL_SECONDS * 1000 && Date.parse(stored.generatedAt) <= now) {
      return stored;
    }
    const fresh = await this.take(now);
    await this.storage.setItem(SNAPSHOT_KEY, fresh, { ttl: SNAPSHOT_TTL_SECONDS }).catch(() => undefined);
    return fresh;
  }

  // --- internal ---

  private async take(now: number): Promise<TrafficSnapshot> {
    this.rollDay();
    const day = utcDay(now);
    const keys = await this.storage.getKeys(RECORD_PREFIX).catch(() => [] as string[]);
    const others = await Promise.all(
      keys
        .filter((key) => normaliseKey(key) !== normaliseKey(this.key))
        .map((key) => this.storage.getItem<InstanceRecord>(key).catch(() => null)),
    );
    // This instance's own record is read from memory: its last write may still be in flight.
    const records = [this.record, ...others.filter((r): r is InstanceRecord => !!r && typeof r === "object")];
    const today = zero();
    const total = zero();
    for (const record of records) {
      add(total, record.total);
      if (record.day === day) add(today, record.today);
    }
    const since = Math.min(...records.map((r) => r.startedAt));
    return { today, total, since: new Date(since).toISOString(), generatedAt: new Date(now).toISOString() };
  }

  private rollDay(): void {
    const day = utcDay(this.now());
    if (day !== this.record.day) {
      this.record.day = day;
      this.record.today = zero();
    }
  }

  /** Writes the record, one write at a time; changes made meanwhile are written next. */
  private persist(): void {
    if (this.writing) {
      this.dirty = true;
      return;
    }
    this.writing = (async () => {
      do {
        this.dirty = false;
        await this.storage.setItem(this.key, this.record).catch(() => undefined);
      } while (this.dirty);
    })().finally(() => {
      this.writing = undefined;
    });
  }
}

function zero(): TrafficCounters {
  return { requests: 0, list: 0, qrcode: 0, failed: 0, files: 0 };
}

function add(into: TrafficCounters, from: Partial<TrafficCounters> | undefined): void {
  for (const field of ["requests", "list", "qrcode", "failed", "files"] as const) {
    const value = from?.[field];
    if (typeof value === "number" && Number.isFinite(value)) into[field] += value;
  }
}

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** unstorage normalises `:`-separated keys; compare in one form. */
function normaliseKey(key: string): string {
  return key.replace(/[/\\]/g, ":").replace(/^:+|:+$/g, "");
}
