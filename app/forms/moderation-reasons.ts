import * as z from "zod/mini";

/**
 * The reasons an admin gives for a ban, a rejected citizenship request or a deletion (issue 27):
 * a short list per kind plus free text. Shared by the bulk review page and the citizenship queue;
 * the chosen reason goes to the audit trail with each item, never to the upstream.
 */
export const MODERATION_REASONS = {
  ban: ["Spam", "Harassment or hate", "Impersonation", "Scam or fraud", "Repeated rule breaking"],
  reject: [
    "Documents unreadable",
    "Documents do not match the profile",
    "Incomplete application",
    "Not eligible for citizenship",
  ],
  delete: ["Spam", "Offensive content", "Off-topic", "Duplicate", "Outdated"],
} as const satisfies Record<string, readonly string[]>;

export type ReasonKind = keyof typeof MODERATION_REASONS;

/** The free-text choice every list ends with: its text is then required. */
export const OTHER_REASON = "Other";

/** The longest reason text kept: the audit trail stores it whole. */
export const REASON_TEXT_MAX = 500;

export const REASON_REQUIRED = "Please choose a reason";
export const REASON_TEXT_REQUIRED = "Please describe the reason";

/**
 * The reason fields of a form: `reason` (one of the kind's list, or "Other") and `reasonText`
 * (free text, required with "Other", an optional detail otherwise). Parsed, they give the one
 * string the audit trail keeps: "Spam" or "Spam: posted the same link 40 times" or the free text.
 */
export function reasonFields(kind: ReasonKind) {
  const choices = [...MODERATION_REASONS[kind], OTHER_REASON] as [string, ...string[]];
  return z
    .object({
      reason: z.enum(choices, { error: REASON_REQUIRED }),
      reasonText: z.optional(
        z.string().check(z.trim(), z.maxLength(REASON_TEXT_MAX, `At most ${REASON_TEXT_MAX} characters`)),
      ),
    })
    .check(
      z.refine((fields) => fields.reason !== OTHER_REASON || (fields.reasonText ?? "") !== "", {
        message: REASON_TEXT_REQUIRED,
        path: ["reasonText"],
      }),
    );
}

/** The one string an audit entry keeps for a parsed reason. */
export function reasonLine({ reason, reasonText }: { reason: string; reasonText?: string | undefined }): string {
  const text = reasonText?.trim() ?? "";
  if (reason === OTHER_REASON) return text;
  return text === "" ? reason : `${reason}: ${text}`;
}

/** The longest message to the member a rejection sends (the push call's body). */
const MEMBER_MESSAGE_MAX = 500;

/** Reject's optional message to the member (the queue's and the bulk Confirm's), sent with the push call after the rejection. */
export const MemberMessageSchema = z.object({
  message: z.optional(
    z.string().check(z.trim(), z.maxLength(MEMBER_MESSAGE_MAX, `At most ${MEMBER_MESSAGE_MAX} characters`)),
  ),
});
