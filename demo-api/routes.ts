/** The /api route table: every call of docs/product.md#upstream-calls. */
import { registerAccountDeletionRoutes } from "./handlers/account-deletion.ts";
import { registerAnnouncementRoutes } from "./handlers/announcements.ts";
import { registerAuthRoutes } from "./handlers/auth.ts";
import { registerFileRoutes } from "./handlers/files.ts";
import { registerInviteRoutes } from "./handlers/invites.ts";
import { registerMembershipRoutes } from "./handlers/memberships.ts";
import { registerNotificationRoutes } from "./handlers/notifications.ts";
import { registerPostRoutes } from "./handlers/posts.ts";
import { registerUserRoutes } from "./handlers/users.ts";
import { Router } from "./router.ts";

/** Builds the router with every /api route. */
export function createApiRouter(): Router {
  const router = new Router();
  registerAuthRoutes(router);
  // Account deletion first: its static /users/... paths must win over /users/:id.
  registerAccountDeletionRoutes(router);
  registerUserRoutes(router);
  registerNotificationRoutes(router);
  registerInviteRoutes(router);
  registerPostRoutes(router);
  registerAnnouncementRoutes(router);
  registerMembershipRoutes(router);
  registerFileRoutes(router);
  return router;
}
