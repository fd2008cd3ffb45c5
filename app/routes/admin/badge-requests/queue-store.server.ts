/**
 * What the citizenship queue keeps besides the reviews (the one claim per target,
 * app/state/claims.server.ts): how many requests the panel decided each day and what each admin
 * skipped (docs/product.md#citizenship-queue, decision 056); when the panel first saw each pending
 * request is kept by app/insights/pending.server.ts (decision 081), in this family's `first-seen`
 * key. On the panel's state engine, so every instance sees the same. Every id kept is one the
 * upstream listed as pending (the list is read first), so strangers cannot grow it. May be lost:
 * the day's count and the skips are a convenience; first-seen times must persist (a restart would
 * make every request new again), and do on the embedded engine and in Redis.
 */
import { stateFamily } from "~/state/family.server";

/** How long a day's count is kept: today's and yesterday's are all the queue reads. */
const DAY_COUNT_SECONDS = 2 * 86_400;

const queue = stateFamily("queue");

/** Counts one decision on `day` (YYYY-MM-DD) and answers the day's count. */
export function countDecision(day: string): Promise<number> {
  return queue.increment(`decided:${day}`, DAY_COUNT_SECONDS);
}

/** How many decisions were counted on `day`. */
export async function decidedOn(day: string): Promise<number> {
  return Number((await queue.get(`decided:${day}`)) ?? 0);
}

/** Puts `id` on `admin`'s skip list, which lives `ttlMs` from its last skip. */
export async function skip(admin: string, id: string, ttlMs: number): Promise<void> {
  const ids = await skipped(admin);
  ids.add(id);
  await queue.set(`skips:${admin}`, JSON.stringify([...ids]), ttlMs / 1000);
}

/** The ids on `admin`'s skip list. */
export async function skipped(admin: string): Promise<Set<string>> {
  const kept = await queue.get(`skips:${admin}`);
  return new Set(kept ? (JSON.parse(kept) as string[]) : []);
}

/** Empties `admin`'s skip list. */
export async function clearSkipped(admin: string): Promise<void> {
  await queue.delete(`skips:${admin}`);
}
