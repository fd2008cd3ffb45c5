/**
 * The recipe every screen's action follows (docs/how-a-screen-works.md): one action per screen,
 * switched on `intent`, one handler per intent, run once per one-time key, failures through the
 * one failure mapper (app/forms/failure.server.ts).
 */
import { failRowAction, rejectedAction } from "~/forms/failure.server";
import { formValues, submittedForm } from "~/forms/form-data.server";
import { closeDialogHref } from "~/lib/dialog-url";
import { type OnceArgs, runOnce } from "~/recipe/once.server";
import { replaceWithInfo, replaceWithSuccess } from "~/session/toast.server";

/** What an intent's handler gets: the request, its checked form, the route params and where to go back to. */
export interface IntentArgs {
  request: Request;
  form: FormData;
  params: Readonly<Record<string, string | undefined>>;
  /** The same screen without the dialog params, search params kept. */
  back: string;
}

/** One intent's handler. */
export type IntentHandler<R = unknown> = (args: IntentArgs) => Promise<R>;

type Answer<H> = H extends Record<string, IntentHandler<infer R>> ? R : never;

/**
 * A screen's action from its handlers, one per intent: an unknown intent is a 400, and a
 * submission carrying a one-time key runs at most once (runOnce).
 */
export function screenAction<H extends Record<string, IntentHandler>>(handlers: H) {
  return async ({ request, params, context }: OnceArgs & { params: IntentArgs["params"] }) => {
    const url = new URL(request.url);
    const form = await submittedForm(request);
    const intent = form.get("intent");
    if (typeof intent !== "string" || !Object.hasOwn(handlers, intent)) {
      return rejectedAction("Unknown action", formValues(form), {
        intent: { type: "enum", message: "Unknown action" },
      });
    }
    const handler = handlers[intent]!;
    const back = closeDialogHref(url.pathname, url.search);
    return (await runOnce({ request, context }, form, (running) =>
      handler({ request: running, form, params, back }),
    )) as Answer<H>;
  };
}

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A row action: what to check, what to send, and its texts. */
export interface RowIntent<T> {
  /** Reads the row's current state upstream (skip for actions that need no check). */
  current?: (request: Request, id: string) => Promise<T>;
  /** Why the action no longer applies to that state (e.g. "User X is already verified"), or null. */
  stale?: (entity: T) => string | null;
  /** Sends the action (the form may say more, e.g. a toggle's wanted state); resolves to the server's message, if any. */
  send: (request: Request, id: string, form: FormData) => Promise<string | null>;
  /** The success toast when the server sends no message. */
  done: string;
  /** The failure toast when the server's message may not be shown (docs/product.md#toasts-and-error-handling). */
  failed: string;
  /** The message for a missing or malformed id. */
  badId?: string;
  /** Where a success goes, when not back to the screen (a deleted item's own page is gone). */
  to?: string;
}

/**
 * A handler for a row action (Post/Redirect/Get in every outcome): it checks the row's current
 * state first and never sends an action that no longer applies; success and failure both
 * redirect back with a toast, replacing the dialog's history entry.
 */
export function rowIntent<T>(spec: RowIntent<T>): IntentHandler<Response | ReturnType<typeof rejectedAction>> {
  return async ({ request, form, back }) => {
    const id = String(form.get("id") ?? "").trim();
    if (!ID_PATTERN.test(id)) {
      const message = spec.badId ?? "Id is required";
      return rejectedAction(message, formValues(form), { id: { type: "custom", message } });
    }
    try {
      if (spec.current && spec.stale) {
        const why = spec.stale(await spec.current(request, id));
        if (why) return await replaceWithInfo(request, back, why);
      }
      const message = await spec.send(request, id, form);
      return await replaceWithSuccess(request, spec.to ?? back, message?.trim() || spec.done);
    } catch (error) {
      return failRowAction(request, back, error, spec.failed);
    }
  };
}
