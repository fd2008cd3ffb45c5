/**
 * The users screen's action table, its server half (user-actions.ts has the browser's: how each
 * action is confirmed, and its check): each action's label, reason, upstream call, toasts and the
 * words of the trail and History; the route's intent schema; the row action the outcome core
 * applies; the bulk actions. Typed from the browser half's keys: an action in one half and not the
 * other fails the typecheck.
 */
import * as z from "zod/mini";

import { USER_CONFIRMATIONS, type UserIntent, type UserState, userState } from "./user-actions";
import type { ActionWord } from "~/audit/actions";
import type { BulkAction } from "~/bulk/bulk-list";
import { entityId, UNKNOWN_ACTION } from "~/forms/fields";
import type { ReasonKind } from "~/forms/moderation-reasons";
import type { RowAction } from "~/recipe/action.server";
import type { Found } from "~/recipe/outcome.server";
import { banUser, getUser, unbanUser, verifyUser } from "~/upstream/users.server";

/** What the server does and says of one action. */
interface UserServerAction {
  /** The bulk action's name in the select and on the review page: "Ban". */
  label: string;
  /** The reason list a bulk run asks for (app/forms/moderation-reasons.ts), if any. */
  reason?: ReasonKind;
  /** The upstream call. */
  send: (request: Request, id: string) => Promise<string | null | void>;
  /** The success toast when the server says nothing, and the failure's when its words may not be shown. */
  done: string;
  failed: string;
  /** What the audit trail and History say it did. */
  records: ActionWord;
}

const USER_ACTIONS: Record<UserIntent, UserServerAction> = {
  ban: {
    label: "Ban",
    reason: "ban",
    send: banUser,
    done: "User banned successfully!",
    failed: "Failed to ban user",
    records: "banned",
  },
  unban: {
    label: "Un-Ban",
    send: unbanUser,
    done: "User un-banned successfully!",
    failed: "Failed to unban user",
    records: "unbanned",
  },
  verify: {
    label: "Verify",
    send: verifyUser,
    done: "User verified successfully!",
    failed: "Failed to verify user",
    records: "verified",
  },
};

/** The intents, in the table's order. */
export const USER_INTENTS = Object.keys(USER_ACTIONS) as [UserIntent, ...UserIntent[]];

/** The users list's posts (docs/product.md#users-list): one of the table's intents, on one user. */
export const UserRowActionSchema = z.object(
  { intent: z.enum(USER_INTENTS, { error: UNKNOWN_ACTION }), id: entityId("User id is invalid") },
  { error: UNKNOWN_ACTION },
);

/**
 * A user's current state and name, the read of the row actions before they send (user-actions.ts
 * checks it; the audit entry names the user as read).
 */
async function readUser(request: Request, id: string): Promise<Found<UserState>> {
  const state = userState(await getUser(request, id));
  return { name: state.label, state };
}

/** The row action of `intent` on user `id`, as the outcome core applies it. */
export function userRowAction(request: Request, intent: UserIntent, id: string): RowAction<UserState> {
  const { send, done, failed, records } = USER_ACTIONS[intent];
  return {
    target: { kind: "user", id },
    action: records,
    read: () => readUser(request, id),
    stale: USER_CONFIRMATIONS[intent].stale,
    send: () => send(request, id),
    done,
    failed,
  };
}

/** The action of `intent` as a bulk action (the row's label, reason, check and call). */
export function userBulkAction(intent: UserIntent): BulkAction<UserState> {
  const { label, reason, send } = USER_ACTIONS[intent];
  return { label, reason, send, stale: USER_CONFIRMATIONS[intent].stale };
}
