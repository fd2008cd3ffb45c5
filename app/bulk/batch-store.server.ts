/**
 * Where bulk batches live (docs/decisions/053-bulk-batches-in-the-panel-state-store.md): in memory
 * by default, in Redis when REDIS_URL is set so the results page answers on every instance; each
 * batch expires 24 hours after it starts.
 */
import type { Redis } from "ioredis";

import { processStore } from "~/state/redis.server";

/** How one item of a batch ended, or "pending" while it waits or runs. */
export type ItemResult = "pending" | "done" | "skipped" | "failed" | "unknown";

/** One item of a batch: which one, its name at the time, and how it ended. */
export interface BatchItem {
  id: string;
  name: string;
  /** The member it belongs to (FoundItem's owner), for its audit entry. */
  owner?: string | null;
  result: ItemResult;
  /** Why it was skipped, the upstream's message for a failure, or a note on a success. */
  detail?: string | null;
  /** The upstream's status, when it answered. */
  status?: number | null;
  /** Done, but the message to the member (Reject's) was not sent: "Resend the message" sends it alone. */
  messageFailed?: boolean;
}

/** A bulk action as it runs and ran: who, what, why, and each item's result. */
export interface Batch {
  id: string;
  /** The list's path: "users". */
  list: string;
  /** The action's name as the selection sends it: "ban". */
  action: string;
  /** The reason line the audit keeps, for actions that ask one. */
  reason: string | null;
  /** The message to the member (Reject), or null for none. */
  message: string | null;
  admin: string | null;
  /** The list with its filters. */
  back: string;
  createdAt: string;
  finishedAt: string | null;
  /** More ids were named than this many: the first ones were taken. */
  cappedAt: number | null;
  /** Ids of the selection that were not on the list, left out. */
  leftOut: number;
  /**
   * "Select all matching" applied to more items than BULK_MAX: how many it applied to at Confirm,
   * how many of them were taken, and the review page that runs it again for the rest.
   */
  more?: { applies: number; taken: number; again: string } | null;
  /** "Select all matching": the matching items the action no longer applied to, left out. */
  notApplying?: number;
  /** A batch that sends only the message to the member (Reject's), the action itself done before. */
  messageOnly?: boolean;
  items: BatchItem[];
}

/** The batch store: create a batch, note one item's result, note the end, read a batch. */
export interface BatchStore {
  create(batch: Batch): Promise<void>;
  get(id: string): Promise<Batch | undefined>;
  setItem(id: string, index: number, item: BatchItem): Promise<void>;
  finish(id: string, at: string): Promise<void>;
}

/** How long a batch's results are kept. */
export const BATCH_TTL_SECONDS = 24 * 60 * 60;

/** The most batches one process keeps in memory; the oldest go first beyond it. */
const MAX_MEMORY_BATCHES = 1_000;

/** One process's batches, with expiry times; a copy goes in and out, so nobody shares an object. */
export function memoryBatchStore(now: () => number = Date.now): BatchStore {
  const batches = new Map<string, { batch: Batch; expires: number }>();
  const live = (id: string) => {
    const entry = batches.get(id);
    if (entry && entry.expires > now()) return entry;
    batches.delete(id);
    return undefined;
  };
  return {
    async create(batch) {
      batches.set(batch.id, { batch: structuredClone(batch), expires: now() + BATCH_TTL_SECONDS * 1000 });
      for (const oldest of batches.keys()) {
        if (batches.size <= MAX_MEMORY_BATCHES) break;
        batches.delete(oldest);
      }
    },
    async get(id) {
      const entry = live(id);
      return entry ? structuredClone(entry.batch) : undefined;
    },
    async setItem(id, index, item) {
      const entry = live(id);
      if (entry && index < entry.batch.items.length) entry.batch.items[index] = { ...item };
    },
    async finish(id, at) {
      const entry = live(id);
      if (entry) entry.batch.finishedAt = at;
    },
  };
}

/**
 * The batches in Redis, shared by every instance: one hash per batch, its start in `batch`, each
 * item's result in `item:<index>` (one small write per item, never the whole batch again) and its
 * end in `finishedAt`; the hash expires with the batch.
 */
export function redisBatchStore(redis: Redis, prefix = "panel:bulk:"): BatchStore {
  return {
    async create(batch) {
      await redis
        .multi()
        .hset(prefix + batch.id, "batch", JSON.stringify(batch))
        .expire(prefix + batch.id, BATCH_TTL_SECONDS)
        .exec();
    },
    async get(id) {
      const fields = await redis.hgetall(prefix + id);
      if (!fields.batch) return undefined;
      const batch = JSON.parse(fields.batch) as Batch;
      for (const [name, value] of Object.entries(fields)) {
        const index = /^item:(\d+)$/.exec(name)?.[1];
        if (index !== undefined && Number(index) < batch.items.length)
          batch.items[Number(index)] = JSON.parse(value) as BatchItem;
      }
      batch.finishedAt = fields.finishedAt ?? null;
      return batch;
    },
    async setItem(id, index, item) {
      await redis.hset(prefix + id, `item:${index}`, JSON.stringify(item));
    },
    async finish(id, at) {
      await redis.hset(prefix + id, "finishedAt", at);
    },
  };
}

/** The store in use: Redis when REDIS_URL is set, else memory. */
export const batchStore = processStore<BatchStore>({
  redis: (redis) => redisBatchStore(redis),
  memory: () => memoryBatchStore(),
});
