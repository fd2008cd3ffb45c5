import * as z from "zod/mini";

import { UNKNOWN_ACTION } from "~/forms/fields";

// The account pages' intents, read by their actions only (a .server module: never in the
// browser's bundle). Their fields are the schemas of account.ts, which the browser checks too.

/** The delete-account page's action: which step a post is (each step's fields: DeleteAccountEmailSchema and DeleteAccountKeySchema). */
export const DeleteAccountActionSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("generate-key") }), z.object({ intent: z.literal("delete-user") })],
  { error: UNKNOWN_ACTION },
);
