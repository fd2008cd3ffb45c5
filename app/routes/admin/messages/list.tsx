import { useLocation, useSearchParams } from "react-router";

import type { Route } from "./+types/list";
import { createMessage, deleteMessage, loadSavedMessages, type MessageRow, updateMessage } from "./messages.server";
import { ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FieldShell, inputClass, TextAreaField, TextField } from "~/components/ui/field";
import { CancelLink, SubmitButton } from "~/components/ui/form-actions";
import { Link } from "~/components/ui/link";
import { PageHeader } from "~/components/ui/page-header";
import { SavedMessagesActionSchema } from "~/forms/saved-messages.server";
import { closeDialogHref, dialogHref, skipRevalidationForDialogs } from "~/lib/dialog-url";
import {
  SAVED_MESSAGE_ACTION_LABELS,
  SAVED_MESSAGE_ACTIONS,
  SAVED_MESSAGE_MAX,
  SAVED_MESSAGE_TITLE_MAX,
} from "~/lib/saved-message-actions";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/submission.server";
import { MutationForm } from "~/recipe/mutation-form";
import { requireCapability } from "~/session/user.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "edit-saved-messages");
  return loadSavedMessages();
}

/** Create, update and delete a saved message (docs/product.md#saved-messages): panel steps, each an audit entry. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireCapability(request, "edit-saved-messages");
  return runOnce({ request, context }, async ({ request, form, back }) => {
    const submission = parseSubmission(form, SavedMessagesActionSchema);
    if (!submission.ok) return submission.rejected;
    const posted = submission.value;
    switch (posted.intent) {
      case "create":
        return createMessage(request, form, back);
      case "update":
        return updateMessage(request, form, posted.id, back);
      case "delete":
        return deleteMessage(request, posted.id, back);
      default:
        return unhandledIntent(posted);
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Saved Messages · Admin Dashboard" }];

export const shouldRevalidate = skipRevalidationForDialogs;

/** What a refused form hands back: its messages and what was typed. */
interface Failure {
  errors?: Record<string, { message: string } | undefined>;
  values?: Record<string, unknown>;
}

/**
 * The saved messages (docs/product.md#saved-messages), by the action they belong to: "New message"
 * (`?new=1`) and each message's Edit (`?edit=<id>`) open the form in the page, Delete asks in a
 * <details>. Server HTML and native controls: the same without JavaScript.
 */
export default function SavedMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, error } = loaderData;
  const location = useLocation();
  const [params] = useSearchParams();
  const closeTo = closeDialogHref(location.pathname, location.search);
  const failure = actionData as Failure | undefined;
  // A refused form comes back open, whatever the address it was posted to.
  const refused = failure?.values?.intent;
  const editing = refused === "update" ? String(failure?.values?.id ?? "") : params.get("edit");
  return (
    <div className="space-y-6">
      <PageHeader
        title="Saved Messages"
        subtitle="The messages a warning, a ban or a rejected citizenship request sends the member. The moderator can still edit the text before sending."
        actions={
          error ? null : (
            <ButtonLink to={dialogHref(location.pathname, location.search, { new: "1" })} replace preventScrollReset>
              New message
            </ButtonLink>
          )
        }
      />
      {error ? (
        <EmptyState card tone="error" title={error} />
      ) : (
        <>
          {params.has("new") || refused === "create" ? (
            <MessageForm
              heading="New message"
              closeTo={closeTo}
              failure={failure?.values?.intent === "create" ? failure : undefined}
            />
          ) : null}
          {SAVED_MESSAGE_ACTIONS.map((action) => {
            const mine = messages.filter((message) => message.action === action);
            const label = SAVED_MESSAGE_ACTION_LABELS[action];
            return (
              <section key={action} aria-labelledby={`messages-${action}`} className="space-y-3">
                <h2 id={`messages-${action}`} className="text-lg font-semibold text-slate-900">
                  {`${label} (${mine.length})`}
                </h2>
                {mine.length === 0 ? (
                  <p className="card text-sm text-slate-600">No saved messages for this action</p>
                ) : (
                  <ul aria-label={`Saved messages: ${label}`} className="card-list">
                    {mine.map((message) => (
                      <li key={message.id}>
                        {editing === message.id ? (
                          <MessageForm
                            heading={`Edit “${message.title}”`}
                            message={message}
                            closeTo={closeTo}
                            failure={failure?.values?.intent === "update" ? failure : undefined}
                          />
                        ) : (
                          <Message
                            message={message}
                            editHref={dialogHref(location.pathname, location.search, { edit: message.id })}
                          />
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </>
      )}
    </div>
  );
}

function Message({ message, editHref }: { message: MessageRow; editHref: string }) {
  return (
    <>
      <h3 className="font-semibold break-words text-slate-900">{message.title}</h3>
      <p className="break-words whitespace-pre-line text-slate-700">{message.text}</p>
      <div className="flex flex-wrap items-start gap-4">
        <Link to={editHref} replace preventScrollReset className="text-link" aria-label={`Edit “${message.title}”`}>
          Edit
        </Link>
        <details>
          <summary className="ask-summary" aria-label={`Delete “${message.title}”…`}>
            Delete…
          </summary>
          <MutationForm className="mt-2 flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={message.id} />
            <span>Delete this message? This cannot be undone.</span>
            <SubmitButton variant="danger" pendingLabel="Deleting...">
              Delete message
            </SubmitButton>
          </MutationForm>
        </details>
      </div>
    </>
  );
}

/** The one form of a new and an edited message. */
function MessageForm({
  heading,
  message,
  closeTo,
  failure,
}: {
  heading: string;
  message?: MessageRow;
  closeTo: string;
  failure: Failure | undefined;
}) {
  const typed = failure?.values ?? {};
  const value = (name: "title" | "action" | "text") => String(typed[name] ?? message?.[name] ?? "");
  const error = (name: string) => failure?.errors?.[name]?.message;
  return (
    <MutationForm aria-label={heading} className="card space-y-4" preventScrollReset>
      <h2 className="text-lg font-semibold text-slate-900">{heading}</h2>
      <input type="hidden" name="intent" value={message ? "update" : "create"} />
      {message ? <input type="hidden" name="id" value={message.id} /> : null}
      <TextField
        label="Title"
        name="title"
        maxLength={SAVED_MESSAGE_TITLE_MAX}
        defaultValue={value("title")}
        error={error("title")}
      />
      <FieldShell id="message-action" label="Action" error={error("action")}>
        <select id="message-action" name="action" defaultValue={value("action")} className={inputClass}>
          <option value="">Choose an action</option>
          {SAVED_MESSAGE_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {SAVED_MESSAGE_ACTION_LABELS[action]}
            </option>
          ))}
        </select>
      </FieldShell>
      <TextAreaField
        label="Text"
        name="text"
        rows={4}
        maxLength={SAVED_MESSAGE_MAX}
        defaultValue={value("text")}
        error={error("text")}
      />
      <div className="flex gap-3">
        <SubmitButton pendingLabel="Saving...">{message ? "Save message" : "Create message"}</SubmitButton>
        <CancelLink to={closeTo} />
      </div>
    </MutationForm>
  );
}
