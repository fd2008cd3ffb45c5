import * as z from "zod/mini";

import { entityId, UNKNOWN_ACTION } from "~/forms/fields";

// The sessions page's actions (docs/product.md#sessions). Read by its action only.

/** Sign out one session (by its reference), or every session but this one. */
export const SessionActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("sign-out"), id: entityId("Session is required") }),
    z.object({ intent: z.literal("sign-out-others") }),
  ],
  { error: UNKNOWN_ACTION },
);
