import type { MiddlewareFunction } from "react-router";

import { submittedForm } from "~/forms/form-data.server";
import { reasonLine } from "~/forms/moderation-reasons";
import {
  auditPost,
  auditRecordOf,
  recordAuditEntry,
  type AuditTarget,
  type PostedAction,
} from "~/session/audit.server";
import { getCurrentUser } from "~/session/user.server";

/**
 * The audit trail of the admin screens (route middleware of the admin shell): every form post to
 * an admin screen records one entry (auditRecordOf, recordAuditEntry) with the admin, the action
 * (`intent`), its target, the reason given and the result the upstream calls it made say. Only
 * `intent`, `id` and the reason fields are read from the form: passwords, tokens and security keys
 * never reach the trail. The answer waits for the entry to be stored (or to wait in the outbox),
 * so the page it leads to, /audit included, shows it.
 */
export const auditAdminActions: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  const posted = await readPosted(request);
  const post = auditPost(context);
  const response = await next();
  // A screen that records its own entries (a queue decision, a bulk batch's items) is not recorded twice.
  if (post.selfRecorded) return response;
  const named = {
    ...posted,
    ...(post.target ? { target: post.target } : {}),
    ...(post.action ? { intent: post.action } : {}),
  };
  const record = auditRecordOf(getCurrentUser(request).email, named, post.calls, response.status);
  if (record) await recordAuditEntry(record);
  return response;
};

/** The kind of thing each admin screen's rows are, by its path. */
const TARGET_KINDS: [RegExp, AuditTarget["kind"]][] = [
  [/^\/users(\/|$)/, "user"],
  [/^\/posts(\/|$)/, "post"],
  [/^\/(badge-requests(\/|$)|$)/, "badge-request"],
  [/^\/announcements(\/|$)/, "announcement"],
  [/^\/memberships(\/|$)/, "plan"],
];

async function readPosted(request: Request): Promise<PostedAction> {
  const { pathname } = new URL(request.url);
  try {
    const form = await submittedForm(request);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" && value !== "" ? value.slice(0, 100) : null;
    };
    // A page of one item (a user's details, a tier's page) names it in its path, and acts on that
    // one whatever the form says; a list's row action names its row in the form; a bulk page names none.
    const id = /^\/(?:users|memberships\/(?:view|edit))\/(?!bulk$)([^/]+)$/.exec(pathname)?.[1] ?? text("id") ?? null;
    const kind = TARGET_KINDS.find(([pattern]) => pattern.test(pathname))?.[1];
    const reason = text("reason");
    return {
      intent: text("intent"),
      target: id && kind ? { kind, id } : null,
      reason: reason ? reasonLine({ reason, reasonText: text("reasonText") ?? undefined }).slice(0, 500) : null,
    };
  } catch {
    return { intent: null, target: null, reason: null };
  }
}
