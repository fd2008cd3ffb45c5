import type { MiddlewareFunction } from "react-router";

import { submittedForm } from "~/forms/form-data.server";
import { auditUpstreamCalls, writeAuditLine } from "~/session/audit.server";
import { getCurrentUser } from "~/session/user.server";

/**
 * The audit trail (route middleware of the admin shell): every form post to an admin screen
 * writes one audit line (writeAuditLine) with the admin, the action (`intent`), the target id and
 * the upstream call it made. Only `intent` and `id` are read from the form: passwords, tokens and
 * security keys never reach the log.
 */
export const auditAdminActions: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  const fields = await readIntent(request);
  const calls = auditUpstreamCalls(context);
  const response = await next();
  writeAuditLine(getCurrentUser(request).email, fields, calls);
  return response;
};

async function readIntent(request: Request): Promise<{ intent: string | null; target: string | null }> {
  try {
    const form = await submittedForm(request);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" && value !== "" ? value.slice(0, 100) : null;
    };
    return { intent: text("intent"), target: text("id") };
  } catch {
    return { intent: null, target: null };
  }
}
