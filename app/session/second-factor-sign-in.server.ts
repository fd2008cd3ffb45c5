/**
 * The second of sign-in's two forms (docs/product.md#second-factor): after a correct password for
 * an admin with a second factor, the panel does not start the session. It keeps the sign-in
 * pending on the server for 5 minutes, under a random id that a signed cookie (`second_factor`)
 * names, and asks for the code. Family `second-factor-pending:<digest of the id>` on the state
 * engine; may be lost (the admin signs in again). The upstream's session cookies wait there sealed
 * (second-factor-secrets.server.ts), never in the browser, until the code is right.
 */
import { createHash, randomBytes } from "node:crypto";

import * as z from "zod/mini";

import { env } from "~/config/env.server";
import { isSecureRequest } from "~/lib/request-url";
import { signedCookie } from "~/lib/signed-cookie.server";
import { seal, unseal } from "~/session/second-factor-secrets.server";
import { stateFamily } from "~/state/family.server";

/** The sign-in's second form. */
export const SIGN_IN_CODE_PATH = "/login/two-factor";

/** How long a password stays good for its code. */
export const PENDING_SIGN_IN_SECONDS = 5 * 60;

const cookie = () => signedCookie("second_factor", env().SESSION_SECRET, { maxAge: PENDING_SIGN_IN_SECONDS });
const CookieSchema = z.object({ id: z.string() });
const pending = stateFamily("second-factor-pending");

const UserSchema = z.object({
  id: z.union([z.string(), z.number()]),
  role: z.string(),
  userName: z.optional(z.nullable(z.string())),
  username: z.optional(z.nullable(z.string())),
  email: z.string(),
  avatar: z.optional(z.nullable(z.string())),
});

/** The upstream's answer to a correct password, as startSession takes it. */
export type SignedInUpstreamUser = z.output<typeof UserSchema>;

const PendingSchema = z.object({
  user: UserSchema,
  redirectTo: z.optional(z.string()),
  /** The upstream's Set-Cookie lines, sealed. */
  cookies: z.string(),
});

/** A sign-in that waits for its code. */
export interface PendingSignIn {
  user: SignedInUpstreamUser;
  redirectTo: string | undefined;
  /** The upstream's Set-Cookie lines, to send once the code is right. */
  upstreamCookies: string[];
}

// The store keys the id's digest: a copy of it names no cookie.
const keyOf = (id: string) => createHash("sha256").update(id).digest("base64url");

/** Keeps a sign-in pending; answers the Set-Cookie line naming it for this browser. */
export async function holdSignIn(request: Request, sign: PendingSignIn): Promise<string> {
  const id = randomBytes(16).toString("base64url");
  const record: z.input<typeof PendingSchema> = {
    user: sign.user,
    redirectTo: sign.redirectTo,
    cookies: seal(Buffer.from(JSON.stringify(sign.upstreamCookies)), `pending:${keyOf(id)}`),
  };
  await pending.set(keyOf(id), JSON.stringify(record), PENDING_SIGN_IN_SECONDS);
  return cookie().serialize({ id }, { secure: isSecureRequest(request) });
}

/** The sign-in this browser has pending, with its id; undefined when none (expired, finished, or never). */
export async function pendingSignIn(request: Request): Promise<(PendingSignIn & { id: string }) | undefined> {
  const named = z.safeParse(CookieSchema, await cookie().parse(request.headers.get("cookie"))).data;
  if (!named) return undefined;
  const stored = await pending.get(keyOf(named.id));
  if (stored === undefined) return undefined;
  const parsed = z.safeParse(PendingSchema, JSON.parse(stored));
  if (!parsed.success) return undefined;
  const cookies = unseal(parsed.data.cookies, `pending:${keyOf(named.id)}`);
  if (!cookies) return undefined;
  return {
    id: named.id,
    user: parsed.data.user,
    redirectTo: parsed.data.redirectTo,
    upstreamCookies: z.array(z.string()).parse(JSON.parse(cookies.toString())),
  };
}

/** Ends a pending sign-in: true for the one caller that ended it (a second correct code finds it gone). */
export async function finishSignIn(id: string): Promise<boolean> {
  return (await pending.take(keyOf(id))) !== undefined;
}

/** The Set-Cookie line that forgets this browser's pending sign-in. */
export function forgetPendingSignIn(request: Request): Promise<string> {
  return cookie().serialize("", { maxAge: 0, secure: isSecureRequest(request) });
}
