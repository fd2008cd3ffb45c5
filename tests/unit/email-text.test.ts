import { describe, expect, it } from "vitest";

import { breakPoints } from "~/components/ui/email-text";

describe("breakPoints", () => {
  it("ends a piece after each @ and dot, and keeps every character", () => {
    expect(breakPoints("elias.obrien9@example.com")).toEqual(["elias.", "obrien9@", "example.", "com"]);
  });

  it("leaves a value without @ or dots whole", () => {
    expect(breakPoints("Supercalifragilistic")).toEqual(["Supercalifragilistic"]);
  });

  it("keeps a trailing dot and an empty value", () => {
    expect(breakPoints("a.b.").join("")).toBe("a.b.");
    expect(breakPoints("")).toEqual([""]);
  });
});
