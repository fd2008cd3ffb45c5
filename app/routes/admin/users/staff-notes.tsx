import { useLocation, useSearchParams } from "react-router";

import type { NoteFailure } from "./staff-note-form";
import type { NotesView, NoteView } from "./staff-notes.server";
import { ButtonLink } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { closeDialogHref, dialogHref } from "~/lib/dialog-url";

// The note forms load when the URL opens them (`?new=1`, `?edit=<id>`), not with the page (decision 026).
const NewNote = lazyDialog(() => import("./staff-note-form").then((module) => module.NewNote));
const EditNote = lazyDialog(() => import("./staff-note-form").then((module) => module.EditNote));

/**
 * Staff notes on user details (docs/product.md#staff-notes): "Add note" (`?new=1`: the form), then the member's notes,
 * newest first, each with its author and time, and Edit (`?edit=<note id>`: the form in place of
 * the note, with Delete asked in a <details>) for its author or an Owner. Server HTML and native
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
      {/* The form loads when "Add note" opens it (`?new=1`), and comes back open when refused. */}
      {!notes.canWrite ? null : params.has("new") || adding ? (
        <NewNote closeTo={closeTo} failure={adding} />
      ) : (
        <ButtonLink to={dialogHref(location.pathname, location.search, { new: "1" })} replace preventScrollReset>
          Add note
        </ButtonLink>
      )}
      {notes.notes.length === 0 ? (
        <p role={notes.empty.failed ? "status" : undefined} className="card text-sm text-slate-600">
          {notes.empty.text}
        </p>
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
      <p className="text-slate-600">{note.byline}</p>
      <p className="note-text">{note.text}</p>
      {note.canChange ? (
        <Link to={editHref} replace preventScrollReset className="text-link">
          Edit
        </Link>
      ) : null}
    </>
  );
}
