import { createHash } from "node:crypto";

import type { Cookie } from "react-router";
import * as z from "zod/mini";

import { env } from "~/config/env.server";
import { signedCookie } from "~/lib/signed-cookie.server";
import { isSecureRequest } from "~/lib/request-url";

/**
 * A short-lived, signed, HttpOnly cookie in which a public page remembers what it did for this
 * browser (an email verified, a password changed, an account deleted), so that its result page
 * survives a reload without a token or an email in the URL (docs/decisions/016-email-link-pages.md).
 * Its path is "/": with JavaScript a page's data requests go to `/page.data`, which a cookie path
 * of "/page" would not match.
 */
export function pageMemory<S extends z.ZodMiniType>(name: string, maxAgeSeconds: number, schema: S) {
  let cookie: Cookie | undefined;
  const theCookie = () => (cookie ??= signedCookie(name, env().SESSION_SECRET, { maxAge: maxAgeSeconds }));

  return {
    /** What this browser's cookie says, or undefined when it is absent, expired, forged or malformed. */
    async read(request: Request): Promise<z.output<S> | undefined> {
      const value: unknown = await theCookie().parse(request.headers.get("cookie"));
      const parsed = z.safeParse(schema, value);
      return parsed.success ? parsed.data : undefined;
    },
    /** A Set-Cookie line remembering `value`. */
    remember(request: Request, value: z.input<S>): Promise<string> {
      return theCookie().serialize(value, { secure: isSecureRequest(request) });
    },
    /** A Set-Cookie line forgetting it. */
    forget(request: Request): Promise<string> {
      return theCookie().serialize("", { maxAge: 0, secure: isSecureRequest(request) });
    },
  };
}

/** A token's fingerprint: enough to recognise the same link again, useless to spend it. */
export function tokenFingerprint(token: string): string {
  return createHash("sha256").update(token).digest("base64url").slice(0, 22);
}
