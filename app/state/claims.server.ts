/**
 * One claim per target (docs/decisions/067-one-outcome-core.md): who is working on an item (a
 * user, a citizenship request, a post, an announcement, a plan) right now, on the panel's state
 * engine so every instance sees it (`claim:<kind>:<id>`). Two holds share the one key:
 * - a review: the citizenship queue keeps the request an admin opened for a few minutes, so two
 *   admins do not review one request; another admin's action on it is refused while it holds;
 * - acting: the outcome core (app/recipe/outcome.server.ts) holds the target while it reads,
 *   sends and records, so of two admins, two tabs, a row action beside a batch, or a list decision
 *   beside a queue decision, one sends and the other is told who acts. An admin's own review turns
 *   into their acting hold at once (swap), and ends with it.
 * A claim may be lost (it expires within minutes anyway): it must not be evicted while it holds.
 */
import { randomUUID } from "node:crypto";

import { stateFamily } from "~/state/family.server";

/** A live claim: who holds it, since when, until when (epoch ms), and why. */
export interface Claim {
  admin: string;
  since: number;
  until: number;
  purpose: "review" | "acting";
}

/** What a claim is on: the audit trail's kind of thing, and its id. */
export interface ClaimTarget {
  kind: string;
  id: string;
}

/** A claim this process took, to release: its target and the value it stored. */
export interface HeldClaim {
  target: ClaimTarget;
  value: string;
}

const claims = stateFamily("claim");
const idOf = ({ kind, id }: ClaimTarget) => `${kind}:${id}`;

function parsed(value: string | undefined): Claim | null {
  if (value === undefined) return null;
  try {
    return JSON.parse(value) as Claim;
  } catch {
    return null;
  }
}

function claimValue(admin: string, purpose: Claim["purpose"], ttlMs: number, since = Date.now()): string {
  // A token makes each hold's value its own: a release never ends a later hold of the same admin.
  return JSON.stringify({ admin, since, until: Date.now() + ttlMs, purpose, token: randomUUID() });
}

/**
 * Takes `target` for `admin` to act on it for at most `ttlMs`: free, or held by the admin's own
 * review. Answers the hold to release, or the claim that holds it (another admin's review, or
 * anyone's acting hold: another tab, a batch).
 */
export async function claimToAct(
  target: ClaimTarget,
  admin: string,
  ttlMs: number,
): Promise<{ held: HeldClaim } | { by: Claim }> {
  const value = claimValue(admin, "acting", ttlMs);
  const current = await claims.claim(idOf(target), value, ttlMs / 1000);
  if (current === undefined) return { held: { target, value } };
  const holder = parsed(current);
  if (holder?.admin === admin && holder.purpose === "review") {
    if (await claims.swap(idOf(target), current, value, ttlMs / 1000)) return { held: { target, value } };
    return claimToAct(target, admin, ttlMs);
  }
  return { by: holder ?? { admin: "another admin", since: Date.now(), until: Date.now(), purpose: "acting" } };
}

/** Ends a hold this process took (a later hold, by anyone, stays). */
export async function releaseClaim(held: HeldClaim): Promise<void> {
  await claims.release(idOf(held.target), held.value);
}

/**
 * Keeps `target` under review by `admin` for `ttlMs` (the queue: opening a request), unless
 * another admin holds it; answers the claim that holds it now. The admin's own review is renewed,
 * from the time it began.
 */
export async function claimToReview(target: ClaimTarget, admin: string, ttlMs: number): Promise<Claim> {
  const value = claimValue(admin, "review", ttlMs);
  const current = await claims.claim(idOf(target), value, ttlMs / 1000);
  if (current === undefined) return parsed(value)!;
  const holder = parsed(current);
  if (!holder || holder.admin !== admin || holder.purpose !== "review") return holder ?? parsed(value)!;
  const renewed = claimValue(admin, "review", ttlMs, holder.since);
  return (await claims.swap(idOf(target), current, renewed, ttlMs / 1000)) ? parsed(renewed)! : holder;
}

/** Takes `target` under review for `admin` whoever holds it (an explicit Take over); answers who held it. */
export async function takeOverReview(target: ClaimTarget, admin: string, ttlMs: number): Promise<Claim | null> {
  const before = parsed(await claims.get(idOf(target)));
  await claims.set(idOf(target), claimValue(admin, "review", ttlMs), ttlMs / 1000);
  return before;
}

/** Ends `admin`'s review of `target` (skipping it); another admin's claim stays. */
export async function releaseReview(target: ClaimTarget, admin: string): Promise<void> {
  const current = await claims.get(idOf(target));
  if (current !== undefined && parsed(current)?.admin === admin) await claims.release(idOf(target), current);
}

/** The live claims on `ids` of one kind. */
export async function claimsOn(kind: string, ids: readonly string[]): Promise<Map<string, Claim>> {
  const values = await Promise.all(ids.map((id) => claims.get(idOf({ kind, id }))));
  const found = new Map<string, Claim>();
  ids.forEach((id, index) => {
    // The engine forgets a claim when its time is up: any value found holds.
    const claim = parsed(values[index]);
    if (claim) found.set(id, claim);
  });
  return found;
}
