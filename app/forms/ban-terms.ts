import * as z from "zod/mini";

import { isLocalDateTime } from "~/lib/local-datetime";

import { BAN_DURATIONS, type BanDuration } from "./ban-ladder";

export const BAN_TEXTS = {
  durationRequired: "Please choose how long the ban lasts",
  untilRequired: "Please give the date and time the ban ends",
  untilInvalid: "Please give a date and time such as 2026-12-31T18:00",
  untilPast: "The end must be in the future",
  messageLabel: "Message to the member (optional)",
  messageHint: "Sent as a push notification once the ban is done",
  notTimed: "Bans that end on their own are not set up on this panel: only a permanent ban is possible.",
} as const;

/** The longest message to a member. */
export const BAN_MESSAGE_MAX = 1_000;

/** The duration fields of a ban's post: `duration`, and `until` (a datetime-local value) with "until". */
export const BanDurationSchema = z
  .object({
    duration: z.enum(Object.keys(BAN_DURATIONS) as [BanDuration, ...BanDuration[]], { error: BAN_TEXTS.durationRequired }),
    until: z.optional(z.string().check(z.trim(), z.maxLength(40, BAN_TEXTS.untilInvalid))),
  })
  .check(
    z.refine((fields) => fields.duration !== "until" || (fields.until ?? "") !== "", {
      message: BAN_TEXTS.untilRequired,
      path: ["until"],
    }),
    z.refine(
      (fields) =>
        fields.duration !== "until" || !fields.until || isLocalDateTime(fields.until),
      { message: BAN_TEXTS.untilInvalid, path: ["until"] },
    ),
  );

/** The optional message to the member, sent with the push call after the ban. */
export const BanMessageSchema = z.object({
  message: z.optional(
    z.string().check(z.trim(), z.maxLength(BAN_MESSAGE_MAX, `At most ${BAN_MESSAGE_MAX} characters`)),
  ),
});
