/**
 * A second factor over real HTTP (docs/product.md#second-factor): enrolling an admin through the
 * enrolment page, and codes right and wrong, for the second factor's tests and re-authentication's.
 */
import { expect } from "vitest";

import type { PanelClient } from "./form-post";
import { base32Decode, totpCode, TOTP_STEP_SECONDS } from "~/session/second-factor-totp.server";

/** One TOTP step, in ms. */
export const STEP_MS = TOTP_STEP_SECONDS * 1000;

/** The text key the enrolment page shows, as bytes. */
function shownKey(html: string): Buffer {
  const match = /data-testid="totp-key"[^>]*>([A-Z2-7 ]+)</.exec(html);
  if (!match) throw new Error("no key on the enrolment page");
  return base32Decode(match[1]!);
}

/** A 6-digit code that is none of the codes accepted now (a wrong code). */
export function wrongCode(secret: Buffer): string {
  const now = Date.now();
  const valid = new Set([-2, -1, 0, 1, 2].map((steps) => totpCode(secret, now + steps * STEP_MS)));
  for (let code = 0; ; code++) {
    const text = String(code).padStart(6, "0");
    if (!valid.has(text)) return text;
  }
}

/** Enrols the admin `client` is signed in as; answers the key and the recovery codes shown once. */
export async function enrol(client: PanelClient) {
  const page = await client.get("/account/two-factor");
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('aria-label="QR code of your authenticator key"');
  const secret = shownKey(html);
  const enrolledAt = Date.now();
  const answer = await client.post("/account/two-factor", { intent: "confirm", code: totpCode(secret, enrolledAt) });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toContain("no-store");
  const shown = await answer.text();
  const recoveryCodes = [...shown.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((match) => match[1]!);
  expect(recoveryCodes).toHaveLength(10);
  // Shown once: the page itself no longer has them.
  expect(await (await client.get("/account/two-factor")).text()).not.toContain(recoveryCodes[0]);
  // The step whose code the enrolment spent: it signs in nothing again.
  return { secret, recoveryCodes, spentStep: Math.floor(enrolledAt / STEP_MS) };
}
