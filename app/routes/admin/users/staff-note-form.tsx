import type { NoteView } from "./staff-notes.server";
import { TextAreaField } from "~/components/ui/field";
import { CancelLink, SubmitButton } from "~/components/ui/form-actions";
import { NOTE_MAX_LENGTH } from "~/forms/staff-note-limits";
import { MutationForm } from "~/recipe/mutation-form";

/** What a refused note form hands back: its messages and what was typed. */
export interface NoteFailure {
  errors?: Record<string, { message: string } | undefined>;
  values?: Record<string, unknown>;
}

/** "Add note" opened (`?new=1`): a new note's text, Add note and Cancel. */
export function NewNote({ closeTo, failure }: { closeTo: string; failure: NoteFailure | undefined }) {
  return (
    <MutationForm className="card space-y-3" preventScrollReset>
      <input type="hidden" name="intent" value="add-note" />
      <TextAreaField
        label="New note"
        name="text"
        rows={3}
        maxLength={NOTE_MAX_LENGTH}
        hint="Seen by the team only, never by the member."
        defaultValue={String(failure?.values?.text ?? "")}
        error={failure?.errors?.text?.message}
      />
      <div className="flex gap-3">
        <SubmitButton pendingLabel="Adding...">Add note</SubmitButton>
        <CancelLink to={closeTo} />
      </div>
    </MutationForm>
  );
}

/**
 * A staff note opened for a change (`?edit=<note id>`, docs/product.md#staff-notes): its text with
 * Save note and Cancel, and Delete… asked in a <details>. Loaded when it opens (staff-notes.tsx).
 */
export function EditNote({
  note,
  closeTo,
  failure,
}: {
  note: NoteView;
  closeTo: string;
  failure: NoteFailure | undefined;
}) {
  return (
    <>
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
    </>
  );
}
