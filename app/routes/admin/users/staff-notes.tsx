import { useLocation, useSearchParams } from "react-router";

import type { NotesView, NoteView } from "./staff-notes.server";
import { TextAreaField } from "~/components/ui/field";
import { CancelLink, SubmitButton } from "~/components/ui/form-actions";
import { Link } from "~/components/ui/link";
import { NOTE_MAX_LENGTH } from "~/forms/staff-note-limits";
import { closeDialogHref, dialogHref } from "~/lib/dialog-url";
import { MutationForm } from "~/recipe/mutation-form";

/** What a refused note form hands back: its messages and what was typed. */
interface NoteFailure {
  errors?: Record<string, { message: string } | undefined>;
  values?: Record<string, unknown>;
}

/**
 * Staff notes on user details (docs/product.md#staff-notes): "Add note", then the member's notes,
 * newest first, each with its author and time, and Edit (`?edit=<note id>`, the form in place of
 * the note) and Delete (asked in a <details>) for its author or an Owner. Server HTML and native
 * controls only: it works the same without JavaScript.
 */
export function StaffNotesSection({ notes, failure }: { notes: NotesView; failure: NoteFailure | undefined }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const closeTo = closeDialogHref(location.pathname, location.search);
  const failed = (intent: string) => (failure?.values?.intent === intent ? failure : undefined);
  // A refused edit comes back open, whatever the address it was posted to.
  const editing = failed("edit-note") ? String(failure?.values?.id ?? "") : params.get("edit");
  const adding = failed("add-note");
  return (
    <section aria-labelledby="notes-heading" className="space-y-4">
      <h2 id="notes-heading" className="text-lg font-semibold text-slate-900">
        {`Staff notes (${notes.notes.length})`}
      </h2>
      {/* Keyed by the count: after a note is added the form comes back empty. */}
      <MutationForm key={notes.notes.length} className="card space-y-3" preventScrollReset>
        <input type="hidden" name="intent" value="add-note" />
        <TextAreaField
          label="New note"
          name="text"
          rows={2}
          maxLength={NOTE_MAX_LENGTH}
          hint="Seen by the team only, never by the member."
          defaultValue={String(adding?.values?.text ?? "")}
          error={adding?.errors?.text?.message}
        />
        <SubmitButton pendingLabel="Adding...">Add note</SubmitButton>
      </MutationForm>
      {!notes.ok ? (
        <p role="status" className="card text-sm text-red-700">
          The notes cannot be shown right now. Please try again later.
        </p>
      ) : notes.notes.length === 0 ? (
        <p className="card text-sm text-slate-600">No notes yet</p>
      ) : (
        <ol aria-label="Staff notes, newest first" className="card-list">
          {notes.notes.map((note) => (
            <li key={note.id} id={`note-${note.id}`}>
              {editing === note.id && note.canChange ? (
                <EditNote note={note} closeTo={closeTo} failure={failed("edit-note")} />
              ) : (
                <Note note={note} editHref={dialogHref(location.pathname, location.search, { edit: note.id })} />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Note({ note, editHref }: { note: NoteView; editHref: string }) {
  return (
    <>
      <p className="text-slate-600">
        <span className="font-medium text-slate-900">{note.author}</span>
        {" · "}
        <time dateTime={note.at}>{note.when}</time>
        {note.edited ? ` · ${note.edited}` : null}
      </p>
      <p className="break-words whitespace-pre-line text-slate-900">{note.text}</p>
      {note.canChange ? (
        <div className="flex flex-wrap items-start gap-4">
          <Link
            to={editHref}
            replace
            preventScrollReset
            className="text-link"
            aria-label={`Edit the note of ${note.when}`}
          >
            Edit
          </Link>
          <details>
            <summary className="ask-summary">Delete…</summary>
            <MutationForm className="mt-2 flex flex-wrap items-center gap-3" preventScrollReset>
              <input type="hidden" name="intent" value="delete-note" />
              <input type="hidden" name="id" value={note.id} />
              <span>Delete this note? This cannot be undone.</span>
              <SubmitButton variant="danger" pendingLabel="Deleting...">
                Delete note
              </SubmitButton>
            </MutationForm>
          </details>
        </div>
      ) : null}
    </>
  );
}

function EditNote({ note, closeTo, failure }: { note: NoteView; closeTo: string; failure: NoteFailure | undefined }) {
  return (
    <MutationForm className="space-y-3" preventScrollReset>
      <input type="hidden" name="intent" value="edit-note" />
      <input type="hidden" name="id" value={note.id} />
      <TextAreaField
        label="Edit note"
        name="text"
        rows={3}
        maxLength={NOTE_MAX_LENGTH}
        defaultValue={String(failure?.values?.text ?? note.text)}
        error={failure?.errors?.text?.message}
      />
      <div className="flex gap-3">
        <SubmitButton pendingLabel="Saving...">Save note</SubmitButton>
        <CancelLink to={closeTo} />
      </div>
    </MutationForm>
  );
}
