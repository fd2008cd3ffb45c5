/**
 * The saved messages (docs/product.md#saved-messages, decision 077): the texts a warning, a ban or
 * a citizenship rejection sends the member, which admins edit on /messages. Family
 * `saved-messages` on the panel's state engine, one key, `saved-messages:list` (every message, in
 * the order they were created; changed at once). It MUST PERSIST
 * (docs/operations.md#the-panels-state): a lost list is seeded with the defaults again, and the
 * admins' own messages are gone. 10 years, renewed by each write. The first read seeds the
 * defaults (claimed: of two first readers, one seeds).
 */
import { randomBytes } from "node:crypto";

import { z } from "zod";

import { DEFAULT_SAVED_MESSAGES } from "~/lib/default-saved-messages";
import { SAVED_MESSAGE_ACTIONS, type SavedMessageAction } from "~/lib/saved-message-actions";
import { changeAtOnce, LASTING_SECONDS, parseStored } from "~/state/lasting-records.server";
import { type StateFamily, stateFamily } from "~/state/family.server";

/** The most saved messages there are: past it, a new one is refused (the list stays one small value). */
export const SAVED_MESSAGES_MAX = 100;

const SavedMessageSchema = z.object({
  id: z.string(),
  action: z.enum(SAVED_MESSAGE_ACTIONS),
  title: z.string(),
  text: z.string(),
  updatedAt: z.number(),
  updatedBy: z.string().nullable(),
});
/** One saved message. */
export type SavedMessage = z.output<typeof SavedMessageSchema>;
const ListSchema = z.array(SavedMessageSchema);

const LIST = "list";

/** A new message's id: random, URL-safe, an entity id (app/lib/entity-id.ts). */
export function newSavedMessageId(): string {
  return randomBytes(9).toString("base64url");
}

/** What a saved message says: its action, title and text. */
export type SavedMessageFields = Pick<SavedMessage, "action" | "title" | "text">;

/** The saved messages on `family` (the process's state engine unless a test gives one). */
export function savedMessages(family: StateFamily = stateFamily("saved-messages"), now = Date.now) {
  const seeded = (): SavedMessage[] =>
    DEFAULT_SAVED_MESSAGES.map((message, index) => ({
      ...message,
      id: `default-${index + 1}`,
      updatedAt: now(),
      updatedBy: null,
    }));
  const change = (edit: (list: SavedMessage[]) => SavedMessage[] | undefined) =>
    changeAtOnce(family, LIST, (held) => {
      const next = edit(held === undefined ? seeded() : (parseStored(held, ListSchema) ?? []));
      return next && JSON.stringify(next);
    });

  const all = async (): Promise<SavedMessage[]> => {
    const held = await family.get(LIST);
    if (held !== undefined) return parseStored(held, ListSchema) ?? [];
    const defaults = seeded();
    const first = await family.claim(LIST, JSON.stringify(defaults), LASTING_SECONDS);
    return first === undefined ? defaults : (parseStored(first, ListSchema) ?? []);
  };

  return {
    /** Every saved message, in the order they were created (the defaults seeded on the first read). */
    all,

    /** The messages of one action. */
    async of(action: SavedMessageAction): Promise<SavedMessage[]> {
      return (await all()).filter((message) => message.action === action);
    },

    /** The message `id`, or null. */
    async read(id: string): Promise<SavedMessage | null> {
      return (await all()).find((message) => message.id === id) ?? null;
    },

    /** Adds the message `id`; false when there are SAVED_MESSAGES_MAX already. */
    async create(id: string, fields: SavedMessageFields, by: string | null): Promise<boolean> {
      const message: SavedMessage = { ...fields, id, updatedAt: now(), updatedBy: by };
      let added = false;
      await change((list) => {
        added = list.length < SAVED_MESSAGES_MAX;
        return added ? [...list, message] : undefined;
      });
      return added;
    },

    /** Replaces the message's action, title and text (at once); false when it is gone. */
    async update(id: string, fields: SavedMessageFields, by: string | null): Promise<boolean> {
      let found = false;
      await change((list) => {
        found = list.some((message) => message.id === id);
        return found
          ? list.map((message) =>
              message.id === id ? { ...message, ...fields, updatedAt: now(), updatedBy: by } : message,
            )
          : undefined;
      });
      return found;
    },

    /** Removes the message (nothing happens when it is gone). */
    async remove(id: string): Promise<void> {
      await change((list) =>
        list.some((message) => message.id === id) ? list.filter((message) => message.id !== id) : undefined,
      );
    },
  };
}
