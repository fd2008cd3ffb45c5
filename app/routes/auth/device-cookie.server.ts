/**
 * OWASP's device cookie (decision 035): after a successful sign-in the browser keeps a signed
 * cookie naming the account, so its later attempts for that account are recognised as the
 * owner's device and are not refused because of other clients' failures.
 */
import { randomUUID } from "node:crypto";

import * as z from "zod/mini";

import { pageMemory } from "~/routes/auth/page-memory.server";

// Long enough to outlive holidays; it is renewed by every successful sign-in.
const DEVICE_COOKIE_MAX_AGE = 90 * 24 * 60 * 60;

const deviceCookie = pageMemory(
  "panel_device",
  DEVICE_COOKIE_MAX_AGE,
  z.object({ email: z.string(), id: z.string().check(z.minLength(1)) }),
);

/** The id of this browser's device cookie when it was issued for `email`; undefined for any other browser. */
export async function trustedDevice(request: Request, email: string): Promise<string | undefined> {
  const device = await deviceCookie.read(request);
  return device && device.email === email.trim().toLowerCase() ? device.id : undefined;
}

/** A Set-Cookie line giving this browser a new device cookie for `email` (after a successful sign-in). */
export function issueDeviceCookie(request: Request, email: string): Promise<string> {
  return deviceCookie.remember(request, { email: email.trim().toLowerCase(), id: randomUUID() });
}
