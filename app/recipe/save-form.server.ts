/**
 * The other shape a mutation takes (app/recipe/outcome.server.ts has the row action): a form with
 * typed values, checked, sent once, recorded, and answered (docs/how-a-screen-works.md).
 */
import { redirect, replace } from "react-router";
import type { $ZodType, output } from "zod/v4/core";

import type { AuditTarget } from "~/audit/record.server";
import { parseForm } from "~/forms/form-data.server";
import { type Outcome, recordOutcome, sentOutcome } from "~/recipe/outcome.server";
import {
  failSubmission,
  type FormFailureOptions,
  invalidSubmission,
  Refusal,
  rejectedSubmission,
} from "~/recipe/failure.server";
import { ONCE_FIELD } from "~/recipe/mutation-form";
import { getCurrentUser } from "~/session/user.server";
import { redirectWithSuccess, replaceWithSuccess } from "~/session/toast.server";

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
   * The item the save is about, as its audit entry names it: its name as saved, and its id (none
   * for an item the save creates: the upstream answers no id).
   */
  target?: (values: output<S>) => AuditTarget;
  /** What the entry records, when not the form's intent. */
  action?: string;
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
  // A signed-in admin's save is an entry of the trail, recorded where its outcome is known; the
  // public pages' forms (a password reset, an account deletion) are not admin actions.
  const admin = getCurrentUser(request);
  const record = async (outcome: Outcome) => {
    if (!admin.role) return;
    const intent = form.get("intent");
    await recordOutcome(
      {
        admin: admin.email,
        action: save.action ?? (typeof intent === "string" ? intent : "save"),
        target: save.target?.(parsed.data) ?? null,
      },
      outcome,
    );
  };
  try {
    const message = (await save.send(parsed.data))?.trim() || save.done;
    await record({ result: "done", status: 200, message: message ?? null });
    const init = save.headers ? { headers: await save.headers(parsed.data) } : undefined;
    if (!message) return save.replace ? replace(save.to, init) : redirect(save.to, init);
    return await (save.replace ? replaceWithSuccess : redirectWithSuccess)(request, save.to, message, init);
  } catch (error) {
    await record(sentOutcome(error));
    if (error instanceof Refusal) return error.answer(request, values);
    const onceKey = form.get(ONCE_FIELD);
    return failSubmission(error, values, save.failed, {
      ...save.failure,
      keep: save.keep?.(parsed.data),
      onceKey: typeof onceKey === "string" ? onceKey : undefined,
    });
  }
}
