/**
 * A member's strikes (docs/product.md#warnings-and-strikes, decision 074): each warning and each
 * ban is one, with its time, reason and admin; they count towards the ban ladder for
 * STRIKE_LAPSE_DAYS. Family `strike` on the panel's state engine, `strike:<user id>` (one list per
 * member, changed by compare-and-swap), kept until its newest strike lapses.
 * The family MUST PERSIST: a lost list suggests a shorter ban than the ladder says.
 */
import { env } from "~/config/env.server";
import { now } from "~/lib/clock.server";
import { stateFamily } from "~/state/family.server";

/** One strike. */
export interface Strike {
  at: number;
  kind: "warning" | "ban";
  reason: string | null;
  admin: string | null;
  /** The warning's text, and the post it concerns ("Delete and warn the author"). */
  text?: string | null;
  post?: { id: string; title: string } | null;
}

const strikes = stateFamily("strike");
const DAY_MS = 24 * 3600 * 1000;
/** Strikes kept per member: the ladder never needs more. */
const KEPT = 50;

function parsed(value: string | undefined): Strike[] {
  if (value === undefined) return [];
  try {
    const list = JSON.parse(value) as unknown;
    return Array.isArray(list) ? (list as Strike[]) : [];
  } catch {
    return [];
  }
}

/** The strikes of `userId` that have not lapsed, oldest first. */
export async function liveStrikes(userId: string): Promise<Strike[]> {
  return notLapsed(await strikes.get(userId));
}

/** Records a strike against `userId`. */
export async function addStrike(userId: string, strike: Omit<Strike, "at">): Promise<void> {
  const ttl = Math.ceil((env().STRIKE_LAPSE_DAYS * DAY_MS) / 1000) + 24 * 3600;
  for (let attempt = 0; attempt < 50; attempt++) {
    const current = await strikes.get(userId);
    const next = JSON.stringify([...notLapsed(current), { ...strike, at: now() }].slice(-KEPT));
    if (current === undefined) {
      if ((await strikes.claim(userId, next, ttl)) === undefined) return;
    } else if (await strikes.swap(userId, current, next, ttl)) return;
  }
  throw new Error("a member's strikes kept changing: not written");
}

function notLapsed(value: string | undefined): Strike[] {
  const since = now() - env().STRIKE_LAPSE_DAYS * DAY_MS;
  return parsed(value).filter((strike) => strike.at > since);
}

/** How many live strikes each of `userIds` has (one read of them all). */
export async function strikeCounts(userIds: readonly string[]): Promise<Map<string, number>> {
  const values = await strikes.getMany(userIds);
  return new Map(userIds.map((id, at) => [id, notLapsed(values[at]).length]));
}
