/**
 * A budget shared by every instance of the service that uses one Redis (`budget.shared`, e.g.
 * MusicBrainz' one request per second per client, docs/decisions.md, "Shared upstream
 * budgets"). Redis hands out time slots, one every `windowMs / requests`: a small script takes
 * the next free slot (max(now, next free)) and moves the next free one an interval on, atomically,
 * on Redis' own clock so that the instances' clocks need not agree. The caller waits for its
 * slot; a slot past its deadline is not taken and the request is refused at once (2002, the
 * budget's own refusal). Evenly spread slots never put more than `requests` in any window.
 *
 * Without Redis, or while it fails (down, slow, a refused script), the caller is told to use the
 * process's own budget, and that is logged once until Redis answers again: the limit then holds
 * per instance. Each upstream host has its own slots (a mirror's budget is not the public service's).
 */
import type { BudgetOptions } from "@music-aggregator/core";
import { budgetUsedUp, sleep } from "@music-aggregator/core/host";
import type { Redis } from "ioredis";
import type { Logger } from "../logger.ts";
import type { RedisLink } from "../redis/connection.ts";

/**
 * KEYS[1]: the upstream's next free slot, epoch ms. ARGV: the interval between slots, the
 * longest wait the caller accepts (ms). Returns the wait for the slot taken, or -1 (nothing
 * taken) when it would be longer than that.
 */
const TAKE_SLOT = `
if redis.replicate_commands then redis.replicate_commands() end
local time = redis.call("time")
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval = tonumber(ARGV[1])
local slot = math.max(now, tonumber(redis.call("get", KEYS[1]) or "0"))
if slot - now > tonumber(ARGV[2]) then return -1 end
redis.call("set", KEYS[1], slot + interval, "PX", slot + interval - now + 1000)
return slot - now`;

type SlotTaking = Redis & { musicTakeSlot(key: string, intervalMs: number, maxWaitMs: number): Promise<number> };

/** The Redis a service's shared budgets live in, and where their keys go. */
export interface SharedBudgetStore {
  link: RedisLink;
  /** the store's key prefix (`store.prefix`) */
  prefix: string;
}

export class SharedBudget {
  private readonly key?: string;
  private readonly intervalMs: number;
  /** the fallback to the process's budget is logged once, until Redis answers again */
  private fallingBack = false;

  /** `host`: the upstream's (its budget is per host: a mirror's is not the public service's) */
  constructor(
    private readonly upstream: string,
    host: string,
    private readonly budget: BudgetOptions,
    private readonly log: Logger,
    private readonly store?: SharedBudgetStore,
  ) {
    this.intervalMs = Math.max(1, Math.ceil(budget.windowMs / budget.requests));
    if (!store) {
      log.info(`${upstream}: its request budget is shared across instances only through Redis (store.redis): this process keeps it alone`);
      return;
    }
    this.key = `${store.prefix}:budget:${`${upstream}@${host}`.toLowerCase().replace(/[^a-z0-9.@:-]/g, "-")}`;
    if (!("musicTakeSlot" in store.link.client)) store.link.client.defineCommand("musicTakeSlot", { numberOfKeys: 1, lua: TAKE_SLOT });
  }

  /**
   * Waits for this instance's slot in the shared budget: true once it has come, false when the
   * shared store cannot be asked (the caller keeps the process's budget instead). 2002 at once
   * when the slot would come after `maxWaitMs`.
   */
  async acquire(maxWaitMs: number, signal: AbortSignal): Promise<boolean> {
    if (!this.store) return false;
    let waitMs: number;
    try {
      waitMs = await this.store.link.run((client) => (client as SlotTaking).musicTakeSlot(this.key!, this.intervalMs, Math.max(0, Math.floor(maxWaitMs))));
    } catch (error) {
      if (!this.fallingBack) {
        this.fallingBack = true;
        this.log.warn(`${this.upstream}: the shared request budget cannot be reached (${error instanceof Error ? error.message : String(error)}): this process keeps the budget alone until Redis is back`);
      }
      return false;
    }
    this.fallingBack = false;
    if (waitMs < 0) throw budgetUsedUp(this.upstream, this.budget);
    if (waitMs > 0) await sleep(waitMs, signal);
    return true;
  }
}
