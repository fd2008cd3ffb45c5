/** Invites: the full list (dashboard count) and the invites of one user. */
import { inviteEndpoints } from "../../app/upstream/contract/invites.ts";
import type { Router } from "../router.ts";
import { inviteOwnerView, inviteView } from "../views.ts";
import { newestFirst, userOr404 } from "./lookup.ts";

/** Registers the /invite routes. */
export function registerInviteRoutes(router: Router): void {
  router.add(inviteEndpoints.list, "staff", ({ store }) => ({
    body: { data: { data: newestFirst(store.data.invites, (invite) => invite.createdAt).map(inviteView) } },
  }));

  router.add(inviteEndpoints.ofUser, "staff", ({ store, params }) => {
    const user = userOr404(store.data, params.id);
    const invites = store.data.invites.filter((invite) => invite.userId === user.id);
    return {
      body: {
        data: newestFirst(invites, (invite) => invite.createdAt).map(inviteView),
        user: inviteOwnerView(user),
      },
    };
  });
}
