/**
 * Staff notes on members (docs/product.md#staff-notes, decision 076), family `notes` on the panel's
 * state engine. Both keys MUST PERSIST (docs/operations.md#the-panels-state): a lost one loses what
 * the team wrote about a member, which nothing can write again. They live 10 years, renewed by
 * each write.
 * - `notes:of:<member id>`: the member's note ids, newest first (the index; changed at once).
 * - `notes:note:<note id>`: one note: its member, author, text and times.
 * The notes are the truth: an id whose note is gone is dropped when read.
 */
import { randomBytes } from "node:crypto";

import { z } from "zod";

import { formatDateTime } from "~/lib/format";
import { logLine } from "~/lib/log.server";
import { changeAtOnce, LASTING_SECONDS, parseStored } from "~/state/lasting-records.server";
import { type StateFamily, stateFamily } from "~/state/family.server";

/** The most notes one member has: past it, a new note is refused (the index stays bounded). */
export const NOTES_PER_MEMBER = 200;

const NoteSchema = z.object({
  id: z.string(),
  member: z.string(),
  author: z.string(),
  text: z.string(),
  createdAt: z.number(),
  editedAt: z.number().nullable(),
  editedBy: z.string().nullable(),
});
/** One staff note. */
export type StaffNote = z.output<typeof NoteSchema>;

const IndexSchema = z.array(z.string());

const indexKey = (member: string) => `of:${member}`;
const noteKey = (id: string) => `note:${id}`;

/** A new note's id: random, URL-safe, an entity id (app/lib/entity-id.ts). */
export function newNoteId(): string {
  return randomBytes(9).toString("base64url");
}

/** The notes of every member, on `family` (the process's state engine unless a test gives one). */
export function staffNotes(family: StateFamily = stateFamily("notes")) {
  const readIndex = async (member: string) => parseStored(await family.get(indexKey(member)), IndexSchema) ?? [];
  const readNotes = async (ids: readonly string[]) =>
    (await family.getMany(ids.map(noteKey))).flatMap((stored) => {
      const note = parseStored(stored, NoteSchema);
      return note ? [note] : [];
    });
  const changeIndex = (member: string, change: (ids: string[]) => string[]) =>
    changeAtOnce(family, indexKey(member), (held) => JSON.stringify(change(parseStored(held, IndexSchema) ?? [])));

  return {
    /** The member's notes, newest first. */
    async of(member: string): Promise<StaffNote[]> {
      return (await readNotes(await readIndex(member))).filter((note) => note.member === member);
    },

    /** For each member: how many notes they have and the newest one (the queue's and the bulk review's summary). */
    async summaries(members: readonly string[]): Promise<Map<string, { count: number; latest: StaffNote | null }>> {
      const indexes = (await family.getMany(members.map(indexKey))).map(
        (stored) => parseStored(stored, IndexSchema) ?? [],
      );
      const newest = await family.getMany(indexes.flatMap((ids) => (ids[0] ? [noteKey(ids[0])] : [])));
      const latest = new Map(
        newest.flatMap((stored) => {
          const note = parseStored(stored, NoteSchema);
          return note ? [[note.member, note] as const] : [];
        }),
      );
      return new Map(
        members.map((member, index) => [member, { count: indexes[index]!.length, latest: latest.get(member) ?? null }]),
      );
    },

    /** The note `id` of `member`, or null. */
    async read(member: string, id: string): Promise<StaffNote | null> {
      const note = parseStored(await family.get(noteKey(id)), NoteSchema);
      return note?.member === member ? note : null;
    },

    /** Adds a note; false when the member has NOTES_PER_MEMBER already. */
    async add(note: StaffNote): Promise<boolean> {
      if ((await readIndex(note.member)).length >= NOTES_PER_MEMBER) return false;
      await family.set(noteKey(note.id), JSON.stringify(note), LASTING_SECONDS);
      await changeIndex(note.member, (ids) => [note.id, ...ids.filter((id) => id !== note.id)]);
      return true;
    },

    /** Replaces the note's text (at once: of two edits of one version, the second reads the first's). */
    async edit(note: StaffNote, text: string, by: string, at: number): Promise<void> {
      await changeAtOnce(family, noteKey(note.id), (held) => {
        const current = parseStored(held, NoteSchema);
        if (!current) return undefined;
        return JSON.stringify({ ...current, text, editedAt: at, editedBy: by });
      });
    },

    /** Removes the note and its place in its member's index. */
    async remove(note: StaffNote): Promise<void> {
      await family.delete(noteKey(note.id));
      await changeIndex(note.member, (ids) => ids.filter((id) => id !== note.id));
    },
  };
}

/** A member's notes in short, where a decision is made (the queue, the bulk review page): how many, and the newest. */
export interface NoteSummary {
  count: number;
  latest: { author: string; at: string; when: string; text: string } | null;
}

/**
 * The note summaries of `members` in `timeZone`; an empty map (nothing said) when the store does not
 * answer: the summary is a help, never the page's failure.
 */
export async function noteSummaries(members: readonly string[], timeZone: string): Promise<Map<string, NoteSummary>> {
  try {
    const summaries = await staffNotes().summaries([...new Set(members)]);
    return new Map(
      [...summaries].map(([member, { count, latest }]) => [
        member,
        {
          count,
          latest: latest && {
            author: latest.author,
            at: new Date(latest.createdAt).toISOString(),
            when: formatDateTime(latest.createdAt, timeZone),
            text: latest.text,
          },
        },
      ]),
    );
  } catch (error) {
    logLine("error", "note summaries could not be read", {
      error: error instanceof Error ? error.message : String(error),
    });
    return new Map();
  }
}
