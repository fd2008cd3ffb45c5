/**
 * When each timed ban ends (docs/product.md#bans-with-an-end, decision 074), on the panel's state
 * engine so every instance sees it and a restart keeps it: family `ban-end`.
 * - `ban-end:user:<user id>`: the pending end of that member's ban (its time, who banned and why),
 *   until it is sent; a manual un-ban or a new ban replaces it.
 * - `ban-end:index`: every pending end as `{ <user id>: <end, epoch ms> }`, changed by
 *   compare-and-swap (the engine has no sorted sets): what each instance's tick reads.
 * The family MUST PERSIST: a lost end leaves its member banned for good (docs/operations.md#the-panels-state).
 */
import { randomUUID } from "node:crypto";

import { now } from "~/lib/clock.server";
import { stateFamily } from "~/state/family.server";

/** One pending end. */
export interface BanEnd {
  /** When the ban ends, epoch ms. */
  until: number;
  /** Who banned, and the reason line the audit keeps. */
  admin: string | null;
  reason: string | null;
  /** Makes each end's value its own: a compare-and-swap never takes a later end for this one. */
  token: string;
  /** Set while an instance sends its un-ban: until when it holds it (epoch ms, real time). */
  sending?: number;
}

const ends = stateFamily("ban-end");
const INDEX = "index";
const keyOf = (userId: string) => `user:${userId}`;

/** How long an end is kept past its time: an instance that was down that long still ends it. */
const KEPT_AFTER_END_S = 30 * 24 * 3600;
/** The index lives as long as anything in it (each write renews it). */
const INDEX_TTL_S = 10 * 365 * 24 * 3600;

function parsed<T>(value: string | undefined): T | null {
  if (value === undefined) return null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}

const ttlOf = (until: number) => Math.max(60, Math.ceil((until - now()) / 1000) + KEPT_AFTER_END_S);

/** Changes the index at once (compare-and-swap, tried again when another write came first). */
async function changeIndex(change: (index: Record<string, number>) => void): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const current = await ends.get(INDEX);
    const index: Record<string, number> = Object.assign(Object.create(null), parsed(current) ?? {});
    change(index);
    const next = JSON.stringify(index);
    if (current === undefined) {
      if ((await ends.claim(INDEX, next, INDEX_TTL_S)) === undefined) return;
    } else if (current === next || (await ends.swap(INDEX, current, next, INDEX_TTL_S))) {
      return;
    }
  }
  throw new Error("the ban ends' index kept changing: not written");
}

/** Keeps `userId`'s ban ending at `until` (replacing any pending end). */
export async function setBanEnd(userId: string, end: Omit<BanEnd, "token" | "sending">): Promise<void> {
  await ends.set(keyOf(userId), JSON.stringify({ ...end, token: randomUUID() }), ttlOf(end.until));
  await changeIndex((index) => (index[userId] = end.until));
}

/** Forgets `userId`'s pending end (a manual un-ban, a permanent ban). */
export async function clearBanEnd(userId: string): Promise<void> {
  await ends.delete(keyOf(userId));
  await changeIndex((index) => delete index[userId]);
}

/** The pending ends of `userIds` (epoch ms), for those that have one. */
export async function banEndsOf(userIds: readonly string[]): Promise<Map<string, number>> {
  const values = await ends.getMany(userIds.map(keyOf));
  const found = new Map<string, number>();
  userIds.forEach((id, at) => {
    const end = parsed<BanEnd>(values[at]);
    if (end) found.set(id, end.until);
  });
  return found;
}

/** The members whose end is due at `at` (epoch ms), soonest first. */
export async function dueBanEnds(at: number): Promise<string[]> {
  const index = parsed<Record<string, number>>(await ends.get(INDEX)) ?? {};
  return Object.entries(index)
    .filter(([, until]) => until <= at)
    .sort(([, a], [, b]) => a - b)
    .map(([id]) => id);
}

/** A due end this instance holds while it sends: its record as taken, to finish or give back. */
export interface TakenEnd {
  userId: string;
  end: BanEnd;
  value: string;
}

/**
 * Takes `userId`'s end if it is due and no other instance holds it (a compare-and-swap: of two
 * instances one gets it), for `holdMs`. Null when there is nothing to do: no end any more (it
 * leaves the index), one not due yet (a new ban), or another instance sending it.
 */
export async function takeDueEnd(userId: string, at: number, holdMs: number): Promise<TakenEnd | null> {
  const current = await ends.get(keyOf(userId));
  const end = parsed<BanEnd>(current);
  if (!end || current === undefined) {
    await changeIndex((index) => delete index[userId]);
    return null;
  }
  if (end.until > at) {
    await changeIndex((index) => (index[userId] = end.until));
    return null;
  }
  if (end.sending && end.sending > Date.now()) return null;
  const value = JSON.stringify({ ...end, sending: Date.now() + holdMs });
  return (await ends.swap(keyOf(userId), current, value, ttlOf(end.until))) ? { userId, end, value } : null;
}

/** The end was sent (or had nothing to send): forgotten, unless a new ban replaced it meanwhile. */
export async function finishEnd(taken: TakenEnd): Promise<void> {
  await ends.release(keyOf(taken.userId), taken.value);
  if ((await ends.get(keyOf(taken.userId))) === undefined) await changeIndex((index) => delete index[taken.userId]);
}

/** The end could not be sent now: given back for a later tick. */
export async function giveBackEnd(taken: TakenEnd): Promise<void> {
  const { sending: _, ...end } = { ...taken.end };
  await ends.swap(keyOf(taken.userId), taken.value, JSON.stringify(end), ttlOf(end.until));
}
