/**
 * How a post enters a route's action (docs/how-a-screen-works.md): every action's first two steps,
 * whatever it does, and its switch's default.
 *
 *   export async function action({ request, context }: Route.ActionArgs) {
 *     return runOnce({ request, context }, async ({ request, form, back }) => {
 *       const submission = parseSubmission(form, UserRowActionSchema);
 *       if (!submission.ok) return submission.rejected;
 *       switch (submission.value.intent) {
 *         case "ban": return tableAction(request, form, back, USER_TABLE, "ban", id);
 *         default: return unhandledIntent(submission.value);
 *       }
 *     });
 *   }
 *
 * runOnce runs the submission at most once per one-time key; parseSubmission reads the intent and
 * its fields with the screen's schema (a row action's from its action table: rowIntentSchema in
 * app/recipe/action-table.server.ts). What a case does is the outcome core's (tableAction,
 * rowAction: app/recipe/outcome.server.ts) or a form's (saveForm: app/recipe/save-form.server.ts).
 * Every failure answers through app/recipe/failure.server.ts.
 */
import type { $ZodType } from "zod/v4/core";

import { UNKNOWN_ACTION } from "~/forms/fields";
import { parseForm, submittedForm } from "~/forms/form-data.server";
import { closeDialogHref } from "~/lib/dialog-url";
import { rejectedSubmission } from "~/recipe/failure.server";
import { oncePerKey, type OnceArgs } from "~/recipe/once.server";

/** What a submission's steps get from runOnce. */
export interface Submission {
  /** The request to call the upstream with: detached from the browser while a one-time key runs. */
  request: Request;
  /** The submitted form, read and checked once (submittedForm). */
  form: FormData;
  /** The same screen without the dialog params, search params kept: where a row action goes back to. */
  back: string;
}

/**
 * Runs a submission at most once per one-time key (decisions 019 and 032, app/recipe/once.server.ts):
 * a repeat of the same key from the same client gets the first one's answer without running, also
 * while the first is still in flight; a post without a key just runs. `run` gets the request
 * detached from the client, so a browser that drops the first post of a double click does not
 * cancel its upstream call. Only an answer that reached the upstream is remembered: a refused
 * submission, a re-rendered form or a 429 runs again when repeated.
 */
export async function runOnce<T>(args: OnceArgs, run: (submission: Submission) => Promise<T>): Promise<T> {
  const form = await submittedForm(args.request);
  const url = new URL(args.request.url);
  const back = closeDialogHref(url.pathname, url.search);
  return oncePerKey(args, form, (request) => run({ request, form, back }));
}

/**
 * Reads a submission's intent and fields with the screen's schema (a zod discriminated union on
 * `intent`, app/forms/). A submission the schema refuses is answered, never run: 400, 'Unknown
 * action' for a missing or unknown intent, else the first field's message (a malformed id).
 */
export function parseSubmission<S extends $ZodType>(form: FormData, schema: S) {
  const parsed = parseForm(form, schema);
  if (parsed.ok) return { ok: true as const, value: parsed.data };
  const message = parsed.errors.intent ? UNKNOWN_ACTION : (Object.values(parsed.errors)[0]?.message ?? UNKNOWN_ACTION);
  return { ok: false as const, rejected: rejectedSubmission(message, parsed.values, parsed.errors) };
}

/**
 * The default case of an action's switch: its argument is `never` once every intent of the
 * schema has its case, so an intent added to the schema alone fails the typecheck. Unreachable at
 * run time (parseSubmission answers an unknown intent); it answers as one if it were reached.
 */
export function unhandledIntent(_intent: never) {
  return rejectedSubmission(UNKNOWN_ACTION);
}
