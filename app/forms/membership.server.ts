import * as z from "zod/mini";

import { UNKNOWN_ACTION } from "~/forms/fields";
import { splitIntent } from "~/forms/membership";

// The memberships screens' intents, read by their actions only (a .server module: never in the
// browser's bundle). The tier form's fields are PlanCreateFormSchema and PlanEditFormSchema (membership.ts);
// a plan's row actions are its action table's (routes/admin/memberships/plan-actions.server.ts).

/**
 * The create or edit screen's intents (the recipe: docs/how-a-screen-works.md):
 * `save` ("create" on the create screen, "update" on the edit screen; its fields: PlanCreateFormSchema
 * or PlanEditFormSchema), the buttons of a browser without JavaScript (`add-feature`,
 * `remove-feature:{index}`, `remove-image`) and `upload-url` (the browser's own upload asks for a URL).
 */
function planFormActionSchema<Save extends "create" | "update">(save: Save) {
  return z.pipe(
    z.transform((values: Record<string, unknown>) => ({ ...values, ...splitIntent(values.intent) })),
    z.discriminatedUnion(
      "intent",
      [
        z.object({ intent: z.literal(save) }),
        z.object({ intent: z.literal("add-feature") }),
        z.object({ intent: z.literal("remove-feature"), index: z.number() }),
        z.object({ intent: z.literal("remove-image") }),
        z.object({ intent: z.literal("upload-url") }),
      ],
      { error: UNKNOWN_ACTION },
    ),
  );
}

/** Create Membership Tier's intents. */
export const PlanCreateActionSchema = planFormActionSchema("create");
/** Edit Membership Tier's intents. */
export const PlanEditActionSchema = planFormActionSchema("update");
