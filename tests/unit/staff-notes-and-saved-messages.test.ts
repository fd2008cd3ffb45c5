// The stores of staff notes and saved messages (decisions 076, 077) on an engine in memory: the
// index per member keeps notes newest first, the summaries read several members together, and the
// saved messages are seeded once, then changed at once. Both engines over HTTP:
// tests/integration/staff-notes.test.ts and tests/integration/saved-messages.test.ts.
import { describe, expect, it } from "vitest";

import { chainedEntry, EMPTY_HEAD } from "~/audit/chain";
import { memoryEngine } from "~/state/engine";
import { familyOn } from "~/state/family.server";
import { savedMessages } from "~/state/saved-messages.server";
import { type StaffNote, staffNotes } from "~/state/staff-notes.server";

const engine = () => {
  const held = memoryEngine();
  return () => Promise.resolve(held);
};

const note = (id: string, member: string, text: string, createdAt: number): StaffNote => ({
  id,
  member,
  author: "admin@example.com",
  text,
  createdAt,
  editedAt: null,
  editedBy: null,
});

describe("staff notes", () => {
  it("lists a member's notes newest first, and only theirs", async () => {
    const notes = staffNotes(familyOn(engine(), "notes"));
    await notes.add(note("a", "7", "first", 1));
    await notes.add(note("b", "7", "second", 2));
    await notes.add(note("c", "8", "other member", 3));
    expect((await notes.of("7")).map((kept) => kept.text)).toEqual(["second", "first"]);
    // A note is read only through its own member.
    expect(await notes.read("8", "a")).toBeNull();
    expect((await notes.read("7", "a"))?.text).toBe("first");
  });

  it("summarises several members at once: the count and the newest note", async () => {
    const notes = staffNotes(familyOn(engine(), "notes"));
    await notes.add(note("a", "7", "first", 1));
    await notes.add(note("b", "7", "second", 2));
    const summaries = await notes.summaries(["7", "9"]);
    expect(summaries.get("7")).toMatchObject({ count: 2, latest: { text: "second" } });
    expect(summaries.get("9")).toEqual({ count: 0, latest: null });
  });

  it("edits and removes a note, the index with it", async () => {
    const notes = staffNotes(familyOn(engine(), "notes"));
    const first = note("a", "7", "first", 1);
    await notes.add(first);
    await notes.add(note("b", "7", "second", 2));
    await notes.edit(first, "first, edited", "mod@example.com", 5);
    expect(await notes.read("7", "a")).toMatchObject({
      text: "first, edited",
      editedAt: 5,
      editedBy: "mod@example.com",
    });
    await notes.remove(first);
    expect((await notes.of("7")).map((kept) => kept.id)).toEqual(["b"]);
    expect((await notes.summaries(["7"])).get("7")?.count).toBe(1);
  });
});

describe("saved messages", () => {
  it("seeds the defaults on the first read, once", async () => {
    const family = familyOn(engine(), "saved-messages");
    const [first, second] = await Promise.all([savedMessages(family).all(), savedMessages(family).all()]);
    expect(first.map((message) => message.id)).toEqual(second.map((message) => message.id));
    expect(first.map((message) => message.action)).toEqual([
      "warn",
      "warn",
      "ban",
      "ban",
      "reject-citizenship",
      "reject-citizenship",
    ]);
    // Deleting them all leaves none: they are not seeded again.
    for (const message of first) await savedMessages(family).remove(message.id);
    expect(await savedMessages(family).all()).toEqual([]);
  });

  it("creates, updates and reads by action", async () => {
    const messages = savedMessages(familyOn(engine(), "saved-messages"), () => 42);
    expect(
      await messages.create("x", { action: "ban", title: "Scam", text: "Banned for a scam." }, "a@example.com"),
    ).toBe(true);
    expect((await messages.of("ban")).map((message) => message.title)).toEqual(["Repeated breaches", "Spam", "Scam"]);
    expect(await messages.update("x", { action: "warn", title: "Scam", text: "Warned." }, "b@example.com")).toBe(true);
    expect(await messages.read("x")).toMatchObject({
      action: "warn",
      text: "Warned.",
      updatedAt: 42,
      updatedBy: "b@example.com",
    });
    expect(await messages.update("gone", { action: "warn", title: "X", text: "Y" }, null)).toBe(false);
  });
});

describe("an audit entry's detail", () => {
  it("keeps a saved message's old and new text: 1,100 characters, where other fields keep 500", () => {
    const long = "x".repeat(2_000);
    const entry = chainedEntry(EMPTY_HEAD, {
      admin: "a",
      action: "update",
      result: "done",
      reason: long,
      detail: long,
    });
    expect(entry.detail).toHaveLength(1_100);
    expect(entry.reason).toHaveLength(500);
  });
});
