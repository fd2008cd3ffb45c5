import * as z from "zod/mini";

import { isLocalDateTime } from "~/lib/local-datetime";

import { BAN_DURATIONS, BAN_MESSAGE_MAX, BAN_TEXTS, type BanDuration } from "~/lib/ban-ladder";

/** The duration fields of a ban's post: `duration`, and `until` (a datetime-local value) with "until". */
export const BanDurationSchema = z
  .object({
    duration: z.enum(Object.keys(BAN_DURATIONS) as [BanDuration, ...BanDuration[]], {
      error: BAN_TEXTS.durationRequired,
    }),
    until: z.optional(z.string().check(z.trim(), z.maxLength(40, BAN_TEXTS.untilInvalid))),
  })
  .check(
    z.refine((fields) => fields.duration !== "until" || (fields.until ?? "") !== "", {
      message: BAN_TEXTS.untilRequired,
      path: ["until"],
    }),
    z.refine((fields) => fields.duration !== "until" || !fields.until || isLocalDateTime(fields.until), {
      message: BAN_TEXTS.untilInvalid,
      path: ["until"],
    }),
  );

/** The optional message to the member, sent with the push call after the ban. */
export const BanMessageSchema = z.object({
  message: z.optional(
    z.string().check(z.trim(), z.maxLength(BAN_MESSAGE_MAX, `At most ${BAN_MESSAGE_MAX} characters`)),
  ),
});
