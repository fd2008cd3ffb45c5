/**
 * Staff notes on user details (docs/product.md#staff-notes, decision 076): the section's view and
 * its three actions. Each change is a step of the panel's own through the outcome core (the note's
 * claim, its read, who may change it, the write, and one audit entry naming the note and its member).
 */
import { env } from "~/config/env.server";
import { parseForm } from "~/forms/form-data.server";
import { StaffNoteSchema } from "~/forms/staff-notes";
import { formatDateTime } from "~/lib/format";
import { logLine } from "~/lib/log.server";
import { answerOutcome, type ActOn, applyAction } from "~/recipe/outcome.server";
import { invalidSubmission, refuse } from "~/recipe/failure.server";
import { may } from "~/session/permissions";
import { displayName, getCurrentUser, requireUser } from "~/session/user.server";
import { newNoteId, NOTES_PER_MEMBER, type StaffNote, staffNotes } from "~/state/staff-notes.server";

/** The section's and its actions' texts (docs/product.md#staff-notes). */
export const NOTE_TEXTS = {
  added: "Note added",
  saved: "Note saved",
  deleted: "Note deleted",
  failed: "The note could not be saved. Please try again.",
  gone: "This note no longer exists",
  none: "No notes yet",
  unavailable: "The notes cannot be shown right now. Please try again later.",
  notYours: "Only the note's author or an Owner can change it",
  full: `This member has ${NOTES_PER_MEMBER} notes already: delete one first`,
} as const;

/** A note as the section shows it. */
export interface NoteView {
  id: string;
  /** Its author, time and, once edited, who edited it and when: "ann@example.com · Dec 2, 2026, 10:04 AM". */
  byline: string;
  text: string;
  /** Whether this admin may edit and delete it: its author, or a role that may change others' notes. */
  canChange: boolean;
}

/** The member's notes, newest first, and what the section says without any (none yet, or the store away). */
export interface NotesView {
  notes: NoteView[];
  /** Whether this admin's role may write notes (permissions.ts): else no "Add note". */
  canWrite: boolean;
  /** Shown in place of the list when there are no notes to show; `failed` when the store did not answer. */
  empty: { text: string; failed: boolean };
}

/** The admin as a note names its author: their email, else the name the shell shows. */
function adminOf(request: Request): string {
  const user = getCurrentUser(request);
  return user.email ?? displayName(user);
}

/** What the admin asking may do with notes (permissions.ts): write them, and change others' (an Owner). */
async function noteRights(request: Request): Promise<NoteRights> {
  const { panelRole } = await requireUser(request);
  return { write: may(panelRole, "write-notes"), others: may(panelRole, "edit-others-notes") };
}

interface NoteRights {
  write: boolean;
  others: boolean;
}

/** Whether the admin asking may edit or delete `note`: its author, or one who may change others'. */
function mayChange(request: Request, note: StaffNote, rights: NoteRights): boolean {
  return rights.write && (rights.others || note.author === adminOf(request));
}

/** What an audit entry names a note by: its first words. */
const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** The section of user details: the member's notes, a store that does not answer being its message, not the page's failure. */
export async function loadStaffNotes(request: Request, member: string): Promise<NotesView> {
  const zone = env().APP_TIMEZONE;
  const rights = await noteRights(request);
  try {
    const notes = await staffNotes().of(member);
    return {
      notes: notes.map((note) => ({
        id: note.id,
        byline: [
          note.author,
          formatDateTime(note.createdAt, zone),
          ...(note.editedAt
            ? [`Edited by ${note.editedBy ?? note.author} at ${formatDateTime(note.editedAt, zone)}`]
            : []),
        ].join(" · "),
        text: note.text,
        canChange: mayChange(request, note, rights),
      })),
      canWrite: rights.write,
      empty: { text: NOTE_TEXTS.none, failed: false },
    };
  } catch (error) {
    logLine("error", "a member's notes could not be read", {
      error: error instanceof Error ? error.message : String(error),
    });
    return { notes: [], canWrite: rights.write, empty: { text: NOTE_TEXTS.unavailable, failed: true } };
  }
}

/** Reads the note of `member` as the outcome core reads a target: its first words and its member. */
const readNote = (member: string, id: string) => async () => {
  const note = await staffNotes().read(member, id);
  return note ? { name: excerpt(note.text), owner: member, state: note } : null;
};

/** Applies one change of a note through the outcome core and answers it: back to the page with its toast. */
async function changeNote<S>(request: Request, back: string, act: Omit<ActOn<S>, "admin" | "panelOnly">, done: string) {
  const { outcome } = await applyAction({ ...act, admin: adminOf(request), panelOnly: true }, env().APP_TIMEZONE);
  return answerOutcome(request, back, outcome, { done, failed: NOTE_TEXTS.failed });
}

/** "Add note": a new note by this admin, newest first; its entry holds its text. */
export async function addNote(request: Request, form: FormData, member: string, back: string) {
  const parsed = parseForm(form, StaffNoteSchema);
  if (!parsed.ok) return invalidSubmission(parsed.errors, parsed.values);
  const { text } = parsed.data;
  const id = newNoteId();
  return changeNote(
    request,
    back,
    {
      target: { kind: "note", id },
      action: "create",
      // Nothing to read yet: the entry names the new note and its member.
      read: async () => ({ name: excerpt(text), owner: member, state: null }),
      send: async () => {
        const now = Date.now();
        const note = { id, member, author: adminOf(request), text, createdAt: now, editedAt: null, editedBy: null };
        if (!(await staffNotes().add(note))) refuse(NOTE_TEXTS.full);
      },
      doneDetail: () => `Text: “${text}”`,
    },
    NOTE_TEXTS.added,
  );
}

/** A note's Save: its author's or an Owner's; its entry holds the old and the new text. */
export async function editNote(request: Request, form: FormData, member: string, id: string, back: string) {
  const parsed = parseForm(form, StaffNoteSchema);
  if (!parsed.ok) return invalidSubmission(parsed.errors, parsed.values);
  const { text } = parsed.data;
  return changeExistingNote(request, back, member, id, {
    action: "update",
    send: (note) => staffNotes().edit(note, text, adminOf(request), Date.now()),
    detail: (before) => `Old text: “${before}” New text: “${text}”`,
    done: NOTE_TEXTS.saved,
  });
}

/** A note's Delete: its author's or an Owner's; its entry holds the text deleted. */
export async function deleteNote(request: Request, member: string, id: string, back: string) {
  return changeExistingNote(request, back, member, id, {
    action: "delete",
    send: (note) => staffNotes().remove(note),
    detail: (before) => `Text: “${before}”`,
    done: NOTE_TEXTS.deleted,
  });
}

/**
 * Changes the note `id` of `member` that exists, through the outcome core: refused unless this
 * admin may change it (its author, or an Owner); `detail` words the entry from its text before.
 */
async function changeExistingNote(
  request: Request,
  back: string,
  member: string,
  id: string,
  change: {
    action: "update" | "delete";
    send: (note: StaffNote) => Promise<string | void | null>;
    detail: (before: string) => string;
    done: string;
  },
) {
  const rights = await noteRights(request);
  return changeNote(
    request,
    back,
    {
      target: { kind: "note", id },
      action: change.action,
      read: readNote(member, id),
      notFound: NOTE_TEXTS.gone,
      stale: (note) => (mayChange(request, note, rights) ? null : NOTE_TEXTS.notYours),
      send: (note) => change.send(note!),
      doneDetail: (_message, before) => change.detail(before?.text ?? ""),
    },
    change.done,
  );
}
