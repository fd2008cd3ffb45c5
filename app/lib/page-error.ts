/**
 * The one shape of an error a loader or an action throws on purpose (a refused request, a page
 * the admin may not see): `throw pageError(403, "You do not have access to this page")`. Every
 * error boundary reads it with describePageError, so the message thrown is the message shown.
 */
import { data, isRouteErrorResponse } from "react-router";

/** The message of a page the admin may not see: the upstream refused it, or the panel's roles do. */
export const NO_ACCESS = "You do not have access to this page";

/** What a thrown page error carries. */
interface PageErrorBody {
  message: string;
}

/** A page error to throw: its status and the sentence the error page shows. */
export function pageError(status: number, message: string) {
  const body: PageErrorBody = { message };
  return data(body, { status });
}

/** What an error boundary shows: the status, and the thrown message (null: the boundary's own text). */
export interface PageErrorView {
  status: number;
  message: string | null;
}

/**
 * Reads what a boundary caught. A page error (pageError) gives its status and message; any other
 * error answer gives its status only (React Router's own refusals carry internal text), and
 * anything else (a bug) is a 500 whose details stay in the server log.
 */
export function describePageError(error: unknown): PageErrorView {
  if (!isRouteErrorResponse(error)) return { status: 500, message: null };
  return { status: error.status, message: isPageErrorBody(error.data) ? error.data.message : null };
}

function isPageErrorBody(value: unknown): value is PageErrorBody {
  return typeof value === "object" && value !== null && typeof (value as PageErrorBody).message === "string";
}
