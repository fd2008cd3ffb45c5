import { data } from "react-router";

import { errorToast, type FailedSubmission } from "~/forms/failure.server";
import type { FormErrors } from "~/forms/form-data.server";

/**
 * A row action the panel cannot run: an unknown intent or a malformed id (a 400, ARCHITECTURE.md
 * convention 2). It says why inline and as a toast.
 */
export function rejectedAction({ errors, values }: { errors: FormErrors; values: Record<string, unknown> }) {
  const message = errors.intent ? "Unknown action" : (Object.values(errors)[0]?.message ?? "Unknown action");
  const body: FailedSubmission = { errors, values, formError: message, toast: errorToast(message) };
  return data(body, { status: 400 });
}
