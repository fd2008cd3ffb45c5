import * as z from "zod/mini";

import { entityId, UNKNOWN_ACTION } from "~/forms/fields";
import { ASSIGNABLE_ROLES } from "~/session/permissions";

// The roles page's actions (docs/product.md#roles). Read by its action only.

/** Change an admin's role, reset their second factor, or end their sessions. */
export const RolesActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("change-role"),
      id: entityId("Admin is required"),
      role: z.enum(ASSIGNABLE_ROLES, { error: "Choose Admin, Moderator or Viewer" }),
    }),
    z.object({ intent: z.literal("reset-second-factor"), id: entityId("Admin is required") }),
    z.object({ intent: z.literal("end-sessions"), id: entityId("Admin is required") }),
  ],
  { error: UNKNOWN_ACTION },
);
