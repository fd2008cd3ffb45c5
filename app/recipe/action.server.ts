/**
 * The recipe every route's action follows (docs/how-a-screen-works.md):
 *
 *   export async function action({ request, context }: Route.ActionArgs) {
 *     return runOnce({ request, context }, async ({ request, form, back }) => {
 *       const submission = parseSubmission(form, UserRowActionSchema);
 *       if (!submission.ok) return submission.rejected;
 *       switch (submission.value.intent) {
 *         case "ban": return rowAction(request, back, { current, stale, send, done, failed });
 *         default: return unhandledIntent(submission.value);
 *       }
 *     });
 *   }
 *
 * runOnce runs the submission at most once per one-time key; parseSubmission reads the intent and
 * its fields with the screen's schema (app/forms/); rowAction and saveForm are the two shapes a
 * mutation takes. Every failure answers through app/recipe/failure.server.ts.
 */
import { redirect, replace } from "react-router";
import type { $ZodType, output } from "zod/v4/core";

import { UNKNOWN_ACTION } from "~/forms/fields";
import { parseForm, submittedForm } from "~/forms/form-data.server";
import { closeDialogHref } from "~/lib/dialog-url";
import { logLine } from "~/lib/log.server";
import { auditAction, type AuditTarget, auditTarget } from "~/session/audit.server";
import {
  failRowAction,
  failSubmission,
  type FormFailureOptions,
  invalidSubmission,
  Refusal,
  rejectedSubmission,
} from "~/recipe/failure.server";
import { ONCE_FIELD } from "~/recipe/mutation-form";
import { oncePerKey, type OnceArgs } from "~/recipe/once.server";
import { redirectWithSuccess, replaceWithInfo, replaceWithSuccess } from "~/session/toast.server";
import { upstreamFailure } from "~/upstream/errors";

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

/** A row action (ban, approve, delete, a toggle, Sync): what to check, what to send, and its texts. */
export type RowAction<T> = StateCheck<T> & {
  /** Sends the action; resolves to the server's message, if it sent one. */
  send: () => Promise<string | null | void>;
  /** The success toast when the server sends no message (none: no toast then). */
  done?: string;
  /**
   * The error toast when the server's message may not be shown (docs/product.md#toasts-and-error-handling),
   * or `{ log }`: a failure that is logged with this message and never shown (Sync).
   */
  failed: string | { log: string };
  /** Where a success goes, when not back to the screen (a deleted item's own page is gone). */
  to?: string;
  /** What the audit entry says it did when the intent does not (a toggle: "pin" or "unpin"). */
  records?: string;
};

/** The row's current state and why the action no longer applies to it ("User X is already banned"), or null. */
type StateCheck<T> =
  { current: () => Promise<T>; stale: (state: T) => string | null } | { current?: undefined; stale?: undefined };

/**
 * The one row handler (Post/Redirect/Get in every outcome). It reads the row's current state and
 * answers an action that no longer applies with an info toast, sending nothing; otherwise it
 * sends, and goes back (or `to`) with the server's message or `done`. A failure goes back with
 * the error toast. Every redirect replaces the dialog's history entry, so Back never returns to
 * a confirmation already sent, and a reload never sends again.
 */
export async function rowAction<T>(request: Request, back: string, action: RowAction<T>) {
  if (action.records) auditAction(action.records);
  try {
    if (action.current) {
      const why = action.stale(await action.current());
      if (why) return await replaceWithInfo(request, back, why);
    }
    const message = (await action.send())?.trim() || action.done;
    const to = action.to ?? back;
    return message ? await replaceWithSuccess(request, to, message) : replace(to);
  } catch (error) {
    if (error instanceof Refusal) return error.answer(request, {});
    if (typeof action.failed === "string") return failRowAction(request, back, error, action.failed);
    const { status, failure, message } = upstreamFailure(error);
    logLine("warn", action.failed.log, { status, failure, message });
    return replace(back);
  }
}

/** A form with typed values: its schema, what to send, where a success goes and its texts. */
export interface SaveForm<S extends $ZodType> {
  /** The form's schema (app/forms/), the same the browser checks with. */
  schema: S;
  /** Sends the checked values; resolves to the server's message to show, if any. May `refuse(...)`. */
  send: (values: output<S>) => Promise<string | null | void>;
  /** Where a success goes. */
  to: string;
  /** The success toast when `send` resolves to no message (none: no toast then). */
  done?: string;
  /** The failure text when the server's message may not be shown. */
  failed: string;
  /** Replace the current history entry (a dialog's form going back to its screen) rather than add one. */
  replace?: boolean;
  /** What a failure hands back instead of the posted fields (the tier form's draft, with its uploaded image). */
  values?: Record<string, unknown>;
  /** Headers of the success (a cookie the next page reads). */
  headers?: (values: output<S>) => Promise<HeadersInit>;
  /**
   * The item the save is about, as the audit entry names it (auditTarget): its name as saved, and
   * its id (none for an item the save creates: the upstream answers no id).
   */
  target?: (values: output<S>) => AuditTarget;
  /** Typed values a failure hands back that the secrets rule would drop (a wrong security key, to be corrected). */
  keep?: (values: output<S>) => Record<string, string>;
  /** Also show the first message of the panel's own checks as a toast (the account deletion's 'Invalid Email'). */
  invalidToast?: boolean;
  /** How an upstream failure reads: renamed fields, a public page. */
  failure?: Omit<FormFailureOptions, "keep">;
}

/**
 * The one handler of a form with typed values: checks them (the panel's own messages, inline),
 * sends, and redirects to `to` with the success toast; a failure re-renders the form with
 * everything typed (secrets aside) and the upstream's field errors on their fields; after a change
 * that got no answer in time, with the one-time key it was sent with, so sending it again answers
 * the same and sends nothing. A malformed `id` is refused like an unknown intent: inline and as a toast.
 */
export async function saveForm<S extends $ZodType>(request: Request, form: FormData, save: SaveForm<S>) {
  const parsed = parseForm(form, save.schema);
  const values = save.values ?? parsed.values;
  if (!parsed.ok) {
    const badId = parsed.errors.id?.message;
    if (badId) return rejectedSubmission(badId, values, parsed.errors);
    return invalidSubmission(parsed.errors, values, { toast: save.invalidToast });
  }
  if (save.target) auditTarget(save.target(parsed.data));
  try {
    const message = (await save.send(parsed.data))?.trim() || save.done;
    const init = save.headers ? { headers: await save.headers(parsed.data) } : undefined;
    if (!message) return save.replace ? replace(save.to, init) : redirect(save.to, init);
    return await (save.replace ? replaceWithSuccess : redirectWithSuccess)(request, save.to, message, init);
  } catch (error) {
    if (error instanceof Refusal) return error.answer(request, values);
    const onceKey = form.get(ONCE_FIELD);
    return failSubmission(error, values, save.failed, {
      ...save.failure,
      keep: save.keep?.(parsed.data),
      onceKey: typeof onceKey === "string" ? onceKey : undefined,
    });
  }
}
