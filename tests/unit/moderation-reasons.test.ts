import { describe, expect, it } from "vitest";

import { REASON_REQUIRED, REASON_TEXT_REQUIRED, reasonFields, reasonLine } from "~/forms/moderation-reasons";

describe("moderation reasons", () => {
  const ban = reasonFields("ban");

  it("accepts a listed reason, with or without a detail", () => {
    expect(ban.safeParse({ reason: "Spam" }).success).toBe(true);
    const parsed = ban.parse({ reason: "Spam", reasonText: "  the same link 40 times " });
    expect(reasonLine(parsed)).toBe("Spam: the same link 40 times");
    expect(reasonLine(ban.parse({ reason: "Spam", reasonText: "" }))).toBe("Spam");
  });

  it("refuses a reason from another kind's list, or none", () => {
    const wrong = ban.safeParse({ reason: "Documents unreadable" });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe(REASON_REQUIRED);
    expect(ban.safeParse({}).error?.issues[0]?.message).toBe(REASON_REQUIRED);
  });

  it("asks for the text when the reason is Other", () => {
    const missing = ban.safeParse({ reason: "Other", reasonText: "   " });
    expect(missing.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["reasonText", REASON_TEXT_REQUIRED],
    ]);
    expect(reasonLine(ban.parse({ reason: "Other", reasonText: "fake account ring" }))).toBe("fake account ring");
  });

  it("caps the free text", () => {
    expect(ban.safeParse({ reason: "Other", reasonText: "x".repeat(501) }).success).toBe(false);
  });
});
