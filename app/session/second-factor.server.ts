/**
 * Who must sign in with a second factor, and what happens to an admin who has none yet
 * (docs/product.md#second-factor): with SECOND_FACTOR_REQUIRED=admins, the upstream's admins must
 * enrol within GRACE_DAYS of the first time the panel sees them signed in; meanwhile every admin
 * page shows a banner, and afterwards every page sends them to the enrolment page first.
 */
import { redirect } from "react-router";

import { env } from "~/config/env.server";
import type { ShellNotice } from "~/lib/shell-notice";
import { requestRecord } from "~/lib/request-context.server";
import { secondFactors } from "~/session/second-factor-store.server";

/** Days an admin may go on without a second factor once it is required of them. */
export const GRACE_DAYS = 7;

/** The enrolment page, in the account area. */
export const ENROLMENT_PATH = "/account/two-factor";

/** What the second factor asks of one signed-in admin now. */
export type SecondFactorDemand =
  { kind: "optional" } | { kind: "enrolled" } | { kind: "grace"; until: number } | { kind: "due" };

/** Whether `role` (upper-cased) must have a second factor under `setting` (SECOND_FACTOR_REQUIRED). */
export function secondFactorRequired(setting: "admins" | "off", role: string): boolean {
  return setting === "admins" && role === "ADMIN";
}

/** The demand on an admin who is `enrolled` or not, and for whom it has been required since `requiredSince`. */
export function demandOf(required: boolean, enrolled: boolean, requiredSince: number, now: number): SecondFactorDemand {
  if (enrolled) return { kind: "enrolled" };
  if (!required) return { kind: "optional" };
  const until = requiredSince + GRACE_DAYS * 86_400_000;
  return now < until ? { kind: "grace", until } : { kind: "due" };
}

/** The days left to enrol (at least 1) while `demand` is a grace period; null otherwise (the banner's number). */
export function graceDaysLeft(demand: SecondFactorDemand, now: number): number | null {
  return demand.kind === "grace" ? Math.max(1, Math.ceil((demand.until - now) / 86_400_000)) : null;
}

/** The shell's banner while the grace period runs (docs/product.md#second-factor), or null. */
export function graceNotice(demand: SecondFactorDemand, now: number): ShellNotice | null {
  const days = graceDaysLeft(demand, now);
  if (days === null) return null;
  return {
    id: "second-factor-banner",
    tone: "warning",
    text: `Two-factor authentication is required for admins. Set it up within ${days} ${days === 1 ? "day" : "days"} to go on using the panel.`,
    link: { to: "/account/two-factor", label: "Set up two-factor authentication" },
  };
}

// Worked out once per request: the shell's middleware, its loader and the screen's all ask.
const demandThisRequest = requestRecord<{ demand?: Promise<SecondFactorDemand> }>(() => ({}));

/**
 * What the second factor asks of the signed-in admin `userId` in `role` now: for a required admin
 * one read of the state engine per request, for anyone else none.
 */
export function secondFactorDemand(user: { userId: string; role: string }): Promise<SecondFactorDemand> {
  const slot = demandThisRequest();
  if (slot?.demand) return slot.demand;
  const demand = (async (): Promise<SecondFactorDemand> => {
    // Not required: nothing to read (the enrolment page reads the factor itself).
    if (!secondFactorRequired(env().SECOND_FACTOR_REQUIRED, user.role)) return { kind: "optional" };
    // The grace period starts the first time this is asked of a required admin who has none.
    const requirement = await secondFactors().requirement(user.userId);
    return demandOf(true, requirement.enrolled, requirement.enrolled ? 0 : requirement.since, Date.now());
  })();
  if (slot) slot.demand = demand;
  return demand;
}

/** Pages an admin whose second factor is due may still open: the enrolment page and sign-out. */
function mayOpenWhenDue(pathname: string): boolean {
  const path = pathname.replace(/\.data$/, "");
  return path === ENROLMENT_PATH || path === "/logout";
}

/**
 * Sends an admin whose grace period has ended without a second factor to the enrolment page,
 * before any screen, export or download runs (requireUser calls it on every signed-in request).
 */
export async function requireSecondFactorWhenDue(
  request: Request,
  user: { userId: string; role: string },
): Promise<void> {
  if (mayOpenWhenDue(new URL(request.url).pathname)) return;
  if ((await secondFactorDemand(user)).kind === "due") throw redirect(ENROLMENT_PATH);
}
