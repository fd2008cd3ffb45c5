// A screen's action table and what reads it (app/recipe/action-table.server.ts, decision 070): the row
// action made of an entry, the bulk select, the intent schema, and an announcement toggle's post
// read as the table's intent. Over HTTP: tests/integration/announcements.test.ts, bulk-actions.test.ts.
import { describe, expect, it } from "vitest";

import { AnnouncementActionSchema } from "~/forms/announcement.server";
import { parseForm } from "~/forms/form-data.server";
import { parseSubmission } from "~/recipe/submission.server";
import { type ActionTable, bulkChoices, rowIntentSchema, tableIntents } from "~/recipe/action-table.server";
import { tableRowAction } from "~/recipe/outcome.server";

const request = new Request("https://panel.test/things");
const sent: string[] = [];

const TABLE: ActionTable<"hide" | "drop", { hidden: boolean }> = {
  kind: "post",
  read: async (_request, id) => ({ name: `Thing ${id}`, state: { hidden: id === "2" } }),
  actions: {
    hide: {
      label: "Hide",
      stale: (state, id) => (state.hidden ? `Thing ${id} is hidden already` : null),
      send: async (_request, id) => void sent.push(`hide ${id}`),
      done: "Hidden",
      failed: "Not hidden",
      records: "pinned",
    },
    drop: {
      label: "Drop",
      send: async (_request, id) => void sent.push(`drop ${id}`),
      done: "Dropped",
      failed: "Not dropped",
      records: "deleted",
    },
  },
};

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("an action table", () => {
  it("makes the row action of an entry: its target, word, read, check with the id, call and toasts", async () => {
    const row = tableRowAction(request, TABLE, "hide", "2");
    expect(row).toMatchObject({
      target: { kind: "post", id: "2" },
      action: "pinned",
      done: "Hidden",
      failed: "Not hidden",
    });
    const found = await row.read?.();
    expect(found?.name).toBe("Thing 2");
    expect(await row.stale?.(found!.state)).toBe("Thing 2 is hidden already");
    await row.send(found!.state);
    expect(sent).toContain("hide 2");
  });

  it("sends an action without a check unread", () => {
    const row = tableRowAction(request, TABLE, "drop", "3");
    expect(row.read).toBeUndefined();
    expect(row.stale).toBeUndefined();
  });

  it("offers its intents, labelled, to the bulk select, in its order", () => {
    expect(bulkChoices(TABLE)).toEqual([
      ["hide", "Hide"],
      ["drop", "Drop"],
    ]);
  });

  it("accepts only its intents, on a well-formed id", () => {
    const schema = rowIntentSchema(tableIntents(TABLE), "Thing id is invalid");
    expect(parseSubmission(form({ intent: "drop", id: "3" }), schema)).toMatchObject({
      ok: true,
      value: { intent: "drop", id: "3" },
    });
    expect(parseSubmission(form({ intent: "toString", id: "3" }), schema).ok).toBe(false);
    expect(parseForm(form({ intent: "drop", id: "../3" }), schema)).toMatchObject({
      ok: false,
      errors: { id: { message: "Thing id is invalid" } },
    });
  });
});

describe("an announcement toggle's post", () => {
  it.each([
    [{ intent: "toggle-status", id: "7", isActive: "true" }, "activate"],
    [{ intent: "toggle-status", id: "7", isActive: "false" }, "deactivate"],
    [{ intent: "toggle-pinned", id: "7", isPinned: "true" }, "pin"],
    [{ intent: "toggle-pinned", id: "7", isPinned: "false" }, "unpin"],
    [{ intent: "delete", id: "7" }, "delete"],
  ])("%o is the table's %s", (fields, intent) => {
    expect(parseForm(form(fields), AnnouncementActionSchema)).toMatchObject({ ok: true, data: { intent, id: "7" } });
  });
});
