// The bulk actions' pure parts (docs/product.md#bulk-actions): reading a selection from the
// review page's URL, the pool that keeps at most 4 calls in flight, and the memory batch store.
import { describe, expect, it } from "vitest";

import { type Batch, memoryBatchStore } from "~/bulk/batch-store.server";
import type { BulkList } from "~/bulk/bulk-list";
import { inPool } from "~/bulk/pool";
import { BULK_TEXTS, readSelection, selectionShown } from "~/bulk/selection.server";

const list: BulkList<boolean> = {
  path: "posts",
  title: "Forum Posts",
  noun: { one: "post", many: "posts" },
  table: {
    kind: "post",
    read: async () => null,
    actions: {
      delete: { label: "Delete", send: async () => null, done: "Deleted", failed: "Not deleted", records: "deleted" },
    },
  },
  find: async () => new Map(),
  pages: async function* () {},
  fromRow: () => ({ id: "1", name: "x", state: true }),
  itemHref: ({ id }) => `/posts/${id}`,
};

const read = (query: string) => readSelection(new URL(`http://panel/posts/bulk?${query}`), list);

describe("readSelection", () => {
  it("reads the action, the ids and the list's own params, dialog params left out", () => {
    const selection = read("action=delete&id=3&id=3&id=../x&search=spam&page=2&confirm=delete&notify=1");
    expect(selection).toMatchObject({ ok: true, scope: "ids", ids: ["3"], malformed: ["../x"] });
    expect(selection.back).toBe("/posts?search=spam&page=2");
  });

  it("reads the ticked ids only: the page's ids and a stray scope=page select nothing", () => {
    expect(read("action=delete&scope=page&id=1&pageId=1&pageId=2")).toMatchObject({ scope: "ids", ids: ["1"] });
    expect(read("action=delete&pageId=2&scope=page")).toMatchObject({ ok: false, message: BULK_TEXTS.noSelection });
  });

  it("lets scope=matching win over ids", () => {
    const selection = read("action=delete&scope=matching&id=1&search=spam");
    expect(selection).toMatchObject({ ok: true, scope: "matching", ids: [] });
    expect(selection.ok && selection.listParams.toString()).toBe("search=spam");
  });

  it("leaves the review page's own page out of the list's params", () => {
    const selection = read("action=delete&id=1&search=spam&page=2&reviewPage=3");
    expect(selection.back).toBe("/posts?search=spam&page=2");
  });

  it.each([
    ["id=1", BULK_TEXTS.noAction],
    ["action=ban&id=1", BULK_TEXTS.unknownAction],
    ["action=toString&id=1", BULK_TEXTS.unknownAction],
    ["action=delete&search=x", BULK_TEXTS.noSelection],
  ])("refuses %s with a message and the way back", (query, message) => {
    expect(read(query)).toMatchObject({ ok: false, message });
  });
});

describe("selectionShown", () => {
  const shown = (query: string) => selectionShown(new URL(`http://panel/users/bulk?${query}`), "users");

  it("is null for a Review", () => {
    expect(shown("action=ban&id=1")).toBeNull();
  });

  it("shows the page all ticked for 'Select all on this page', the ticked ones and the page's, the action kept", () => {
    expect(shown("search=a&page=2&action=ban&pageId=1&pageId=2&pageId=3&id=2&select=page")).toBe(
      "/users?search=a&page=2&action=ban&id=2&id=1&id=3",
    );
  });

  it("shows the list's whole query selected for 'Select all N matching', and nothing once cleared", () => {
    expect(shown("search=a&limit=25&status=&action=ban&id=2&select=matching")).toBe(
      "/users?search=a&limit=25&status=&action=ban&scope=matching&of=search%3Da",
    );
    expect(shown("search=a&action=ban&scope=matching&of=search%3Da&select=clear")).toBe("/users?search=a&action=ban");
    expect(shown("search=a&action=ban&pageId=1&id=1&select=none")).toBe("/users?search=a&action=ban");
  });

  it("keeps only well-formed ids, and no dialog", () => {
    expect(shown("action=ban&confirm=ban&id=../x&id=4&select=page&pageId=5")).toBe("/users?action=ban&id=4&id=5");
  });
});

describe("inPool", () => {
  it("runs every item with at most `limit` in flight", async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const gates: (() => void)[] = [];
    const pool = inPool([1, 2, 3, 4, 5, 6, 7, 8, 9], 4, async (item) => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => gates.push(resolve));
      running--;
      done.push(item);
    });
    // Let each waiting item go, one at a time, until all have run.
    while (done.length < 9) {
      await Promise.resolve();
      gates.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await pool;
    expect(most).toBe(4);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe("memoryBatchStore", () => {
  const batch: Batch = {
    id: "b1",
    list: "posts",
    action: "delete",
    reason: "Spam",
    message: null,
    admin: "admin@example.com",
    back: "/posts",
    createdAt: "2026-01-01T00:00:00.000Z",
    finishedAt: null,
    cappedAt: null,
    leftOut: 0,
    items: [{ id: "1", name: "", result: "pending" }],
  };

  it("keeps a batch, its items' results and its end, and forgets it after 24 hours", async () => {
    let now = 0;
    const store = memoryBatchStore(() => now);
    await store.create(batch);
    await store.setItem("b1", 0, { id: "1", name: "Post", result: "done" });
    await store.finish("b1", "2026-01-01T00:00:01.000Z");
    expect(await store.get("b1")).toMatchObject({
      finishedAt: "2026-01-01T00:00:01.000Z",
      items: [{ result: "done" }],
    });
    now = 24 * 60 * 60 * 1000;
    expect(await store.get("b1")).toBeUndefined();
  });

  it("hands out copies: changing one changes nothing stored", async () => {
    const store = memoryBatchStore();
    await store.create(batch);
    const copy = (await store.get("b1"))!;
    copy.items[0]!.result = "failed";
    expect((await store.get("b1"))!.items[0]!.result).toBe("pending");
  });
});
