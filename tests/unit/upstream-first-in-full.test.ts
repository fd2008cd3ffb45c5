import { describe, expect, it } from "vitest";
import { z } from "zod";

import { firstInFull, IdSchema } from "~/upstream/contract/common";

const Entry = z.object({ id: IdSchema, title: z.string() });
const list = firstInFull(Entry, 2, z.object({ id: IdSchema }));

describe("firstInFull (decision 091)", () => {
  it("reads the first entries whole and the others as far as their schema goes", () => {
    const parsed = list.parse([
      { id: 1, title: "One", extra: true },
      { id: 2, title: "Two" },
      { id: 3, title: "Three" },
      { id: 4 },
    ]);
    expect(parsed).toEqual({
      first: [
        { id: "1", title: "One" },
        { id: "2", title: "Two" },
      ],
      rest: [{ id: "3" }, { id: "4" }],
    });
  });

  it("takes a list shorter than the shown part, and an empty one", () => {
    expect(list.parse([{ id: 1, title: "One" }])).toEqual({ first: [{ id: "1", title: "One" }], rest: [] });
    expect(list.parse([])).toEqual({ first: [], rest: [] });
  });

  it("fails on a shown entry that is not whole, or another without what its count needs, naming where", () => {
    const shown = list.safeParse([{ id: 1, title: "One" }, { id: 2 }]);
    expect(shown.error?.issues[0]?.path).toEqual([1, "title"]);
    const later = list.safeParse([{ id: 1, title: "One" }, { id: 2, title: "Two" }, { title: "Three" }]);
    expect(later.error?.issues[0]?.path).toEqual([2, "id"]);
    expect(list.safeParse([{ id: 1, title: "One" }, null]).success).toBe(false);
    expect(list.safeParse({ data: [] }).success).toBe(false);
  });
});
