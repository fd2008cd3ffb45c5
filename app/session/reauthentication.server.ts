/**
 * Re-authentication ("sudo", docs/product.md#re-authentication, decision 080): the actions that
 * can do the most harm (bulk actions over REAUTHENTICATE_OVER items, exports holding personal data,
 * plan deletion, role changes, second-factor resets) ask for a second-factor code, a recovery code
 * or, for an admin with no second factor, the password, unless this session answered one in the
 * last REAUTHENTICATION_MINUTES. The time is kept on the session record (session-records.server.ts),
 * so every instance agrees.
 *
 * A guarded action calls the recipe's requireReauthentication (app/recipe/reauthentication.server.ts),
 * an export requireRecentReauthentication, where it knows it needs one. Without a recent answer the
 * submission is held on the panel's state under a one-time key (family `reauth-pending`, below)
 * and the browser goes to the challenge page (CHALLENGE_PATH). Once the challenge is answered, a
 * held POST is re-sent by the browser to its own address (a 307 keeps the method and body) with
 * the key in `_resume`: the recipe's resumeHeldSubmission, a root middleware, takes the held
 * submission (at most once) and makes it the request's form, so the action runs exactly as first
 * submitted, its own one-time key included. A held GET (an export) is simply opened again.
 *
 * Family `reauth-pending:<key>`: may be lost (evicted, a restart of the embedded engine's memory):
 * a lost one only means the admin submits again. Each lives REAUTHENTICATION_MINUTES; only a
 * signed-in admin can write one, of at most MAX_HELD_CHARS.
 */
import { createHash, randomBytes } from "node:crypto";

import { redirect } from "react-router";
import * as z from "zod/mini";

import { currentSession, getCurrentUser, requireUser } from "~/session/user.server";
import { saveSessionRecord } from "~/session/session-records.server";
import { stateFamily } from "~/state/family.server";

/** How long an answered challenge covers the session's guarded actions. */
export const REAUTHENTICATION_MINUTES = 15;

/** A bulk action over this many items asks for a re-authentication. */
export const REAUTHENTICATE_OVER = 50;

/** The challenge page. */
export const CHALLENGE_PATH = "/account/confirm";

/** The longest submission held: a bulk Confirm naming 1,000 ids in its address takes about 30 KB. */
const MAX_HELD_CHARS = 64 * 1024;

/** The words the panel says (docs/product.md#re-authentication). */
export const REAUTHENTICATION_TEXTS = {
  gone: "This confirmation has expired or was already used. Nothing was sent: please try again.",
} as const;

const held = stateFamily("reauth-pending");

const HeldSchema = z.object({
  /** The digest of the session that submitted it: no other session can carry it on. */
  session: z.string(),
  method: z.enum(["GET", "POST"]),
  /** The address it was sent to (path and query). */
  path: z.string(),
  /** A POST's urlencoded fields. */
  body: z.string(),
  /** What it does, as the challenge names it ("Ban 60 users"). */
  label: z.string(),
  /** Where Cancel goes. */
  back: z.string(),
});

/** A submission held until its re-authentication. */
export type HeldSubmission = z.output<typeof HeldSchema>;

const KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** How far ahead of this instance's clock another instance's may run (a record it wrote just now). */
const CLOCK_SKEW_MS = 60_000;

/** Whether a re-authentication at `at` (ms, or none) still covers `now`. */
export function reauthenticationFresh(at: number | undefined, now: number): boolean {
  return at !== undefined && at - now <= CLOCK_SKEW_MS && now - at < REAUTHENTICATION_MINUTES * 60_000;
}

/** The session id's digest: what a held submission is tied to (never the id itself). */
function sessionDigest(request: Request): string {
  const { sessionId } = getCurrentUser(request);
  return createHash("sha256")
    .update(sessionId ?? "")
    .digest("base64url");
}

/** The address a request was sent to as the browser sees it: a `.data` request's own page. */
export function addressOf(request: Request): string {
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return url.pathname + url.search;
}

/** Whether this session answered a challenge in the last REAUTHENTICATION_MINUTES. */
export async function reauthenticatedRecently(request: Request, now = Date.now()): Promise<boolean> {
  return reauthenticationFresh((await currentSession(request)).reauthenticatedAt, now);
}

/** Notes on the session's record that its admin has just answered a challenge. */
export async function noteReauthenticated(request: Request, now = Date.now()): Promise<void> {
  const record = await currentSession(request);
  const { sessionId } = getCurrentUser(request);
  if (!sessionId) return;
  record.reauthenticatedAt = now;
  await saveSessionRecord(sessionId, record, now);
}

/**
 * Returns at once when this session answered a challenge in the last REAUTHENTICATION_MINUTES;
 * otherwise holds the request (a GET's address, or a POST's address and its `fields`) and throws
 * the redirect to the challenge page. `label` says what the admin confirms ("Ban 60 users");
 * `back` is where Cancel goes (by default the address itself for a POST, whose GET is the page the
 * form was on, and `/` for a GET). Actions call the recipe's requireReauthentication, which gives
 * their form's fields.
 */
export async function requireRecentReauthentication(
  request: Request,
  label: string,
  { back, fields }: { back?: string; fields?: URLSearchParams } = {},
): Promise<void> {
  await requireUser(request);
  if (await reauthenticatedRecently(request)) return;
  const method = request.method.toUpperCase() === "POST" ? "POST" : "GET";
  const path = addressOf(request);
  const record: HeldSubmission = {
    session: sessionDigest(request),
    method,
    path,
    body: method === "POST" ? (fields?.toString() ?? "") : "",
    label: label.slice(0, 200),
    back: back ?? (method === "POST" ? path : "/"),
  };
  const value = JSON.stringify(record);
  if (value.length > MAX_HELD_CHARS) throw new Error("a submission too large to hold for re-authentication");
  const key = randomBytes(16).toString("base64url");
  await held.set(key, value, REAUTHENTICATION_MINUTES * 60);
  throw redirect(challengeHref(key), 303);
}

/** The challenge page of the submission held under `key`. */
export function challengeHref(key: string): string {
  return `${CHALLENGE_PATH}?pending=${key}`;
}

/** The submission held under `key` for this request's session, without taking it; undefined when none. */
export async function heldSubmission(request: Request, key: string | null): Promise<HeldSubmission | undefined> {
  if (!key || !KEY_PATTERN.test(key)) return undefined;
  return parseHeld(request, await held.get(key));
}

/** Takes the submission held under `key` for this session: of two takers one gets it. */
export async function takeHeldSubmission(request: Request, key: string): Promise<HeldSubmission | undefined> {
  if (!KEY_PATTERN.test(key)) return undefined;
  const mine = await heldSubmission(request, key);
  if (!mine) return undefined;
  return parseHeld(request, await held.take(key));
}

function parseHeld(request: Request, stored: string | undefined): HeldSubmission | undefined {
  if (stored === undefined) return undefined;
  const parsed = z.safeParse(HeldSchema, JSON.parse(stored));
  return parsed.success && parsed.data.session === sessionDigest(request) ? parsed.data : undefined;
}
