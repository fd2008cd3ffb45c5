/**
 * /messages (docs/product.md#saved-messages, decision 077): the saved messages by action, and their
 * create, update and delete. Each change is a step of the panel's own through the outcome core (the
 * message's claim, its read, the write, one audit entry with the old and the new text).
 */
import { data } from "react-router";

import { env } from "~/config/env.server";
import { parseForm } from "~/forms/form-data.server";
import { SavedMessageSchema } from "~/forms/saved-messages";
import { logLine } from "~/lib/log.server";
import { SAVED_MESSAGE_ACTION_LABELS } from "~/lib/saved-message-actions";
import { answerOutcome, type ActOn, applyAction } from "~/recipe/outcome.server";
import { invalidSubmission, refuse } from "~/recipe/failure.server";
import { displayName, getCurrentUser } from "~/session/user.server";
import { newSavedMessageId, type SavedMessage, savedMessages, SAVED_MESSAGES_MAX } from "~/state/saved-messages.server";

/** The page's texts (docs/product.md#saved-messages). */
export const MESSAGE_TEXTS = {
  created: "Message created",
  saved: "Message saved",
  deleted: "Message deleted",
  failed: "The message could not be saved. Please try again.",
  gone: "This message no longer exists",
  full: `There are ${SAVED_MESSAGES_MAX} saved messages already: delete one first`,
  loadError: "The saved messages cannot be shown right now. Please try again later.",
} as const;

/** A saved message as the page shows it. */
export type MessageRow = Pick<SavedMessage, "id" | "action" | "title" | "text">;

/** The page's data: every saved message, or why they cannot be shown (503). */
export async function loadSavedMessages() {
  try {
    const messages: MessageRow[] = (await savedMessages().all()).map(({ id, action, title, text }) => ({
      id,
      action,
      title,
      text,
    }));
    return { messages, error: null };
  } catch (error) {
    logLine("error", "saved messages not read", { error: error instanceof Error ? error.message : String(error) });
    return data({ messages: [] as MessageRow[], error: MESSAGE_TEXTS.loadError }, { status: 503 });
  }
}

function adminOf(request: Request): string {
  const user = getCurrentUser(request);
  return user.email ?? displayName(user);
}

/** How an entry quotes a text. */
const quoted = (text: string) => `“${text}”`;

/** Applies one change of a saved message through the outcome core and answers it: back to the page with its toast. */
async function changeMessage<S>(
  request: Request,
  back: string,
  act: Omit<ActOn<S>, "admin" | "panelOnly">,
  done: string,
) {
  const { outcome } = await applyAction({ ...act, admin: adminOf(request), panelOnly: true }, env().APP_TIMEZONE);
  return answerOutcome(request, back, outcome, { done, failed: MESSAGE_TEXTS.failed });
}

/** Reads a saved message as the outcome core reads a target: its title and the message. */
const readMessage = (id: string) => async () => {
  const message = await savedMessages().read(id);
  return message ? { name: message.title, state: message } : null;
};

/** "New message": its entry holds its action and its text. */
export async function createMessage(request: Request, form: FormData, back: string) {
  const parsed = parseForm(form, SavedMessageSchema);
  if (!parsed.ok) return invalidSubmission(parsed.errors, parsed.values);
  const fields = parsed.data;
  const id = newSavedMessageId();
  return changeMessage(
    request,
    back,
    {
      target: { kind: "saved-message", id },
      action: "create",
      read: async () => ({ name: fields.title, state: null }),
      send: async () => {
        if (!(await savedMessages().create(id, fields, adminOf(request)))) refuse(MESSAGE_TEXTS.full);
      },
      doneDetail: () => `${SAVED_MESSAGE_ACTION_LABELS[fields.action]}. New text: ${quoted(fields.text)}`,
    },
    MESSAGE_TEXTS.created,
  );
}

/** A message's Save: its entry holds the old and the new text. */
export async function updateMessage(request: Request, form: FormData, id: string, back: string) {
  const parsed = parseForm(form, SavedMessageSchema);
  if (!parsed.ok) return invalidSubmission(parsed.errors, parsed.values);
  const fields = parsed.data;
  return changeMessage(
    request,
    back,
    {
      target: { kind: "saved-message", id },
      action: "update",
      read: readMessage(id),
      notFound: MESSAGE_TEXTS.gone,
      send: async () => {
        if (!(await savedMessages().update(id, fields, adminOf(request)))) refuse(MESSAGE_TEXTS.gone);
      },
      doneDetail: (_message, before) => {
        const moved =
          before && before.action !== fields.action ? `${SAVED_MESSAGE_ACTION_LABELS[fields.action]}. ` : "";
        return `${moved}Old text: ${quoted(before?.text ?? "")} New text: ${quoted(fields.text)}`;
      },
    },
    MESSAGE_TEXTS.saved,
  );
}

/** A message's Delete: its entry holds the text deleted. */
export async function deleteMessage(request: Request, id: string, back: string) {
  return changeMessage(
    request,
    back,
    {
      target: { kind: "saved-message", id },
      action: "delete",
      read: readMessage(id),
      notFound: MESSAGE_TEXTS.gone,
      send: () => savedMessages().remove(id),
      doneDetail: (_message, before) => `Old text: ${quoted(before?.text ?? "")}`,
    },
    MESSAGE_TEXTS.deleted,
  );
}
