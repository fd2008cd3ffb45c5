import { describe, expect, it } from "vitest";

import { attachmentDisposition, formatDate } from "~/lib/format";

describe("formatDate", () => {
  it("uses the en-US medium style", () => {
    expect(formatDate("2026-01-15T10:00:00.000Z", "UTC")).toBe("Jan 15, 2026");
  });

  it("uses the given time zone, not the machine's", () => {
    expect(formatDate("2026-01-15T02:00:00.000Z", "America/New_York")).toBe("Jan 14, 2026");
    expect(formatDate("2026-01-15T23:30:00.000Z", "Asia/Tokyo")).toBe("Jan 16, 2026");
  });

  it("shows a calendar date as that day in every zone", () => {
    expect(formatDate("1992-06-14", "UTC")).toBe("Jun 14, 1992");
    expect(formatDate("1992-06-14", "America/Los_Angeles")).toBe("Jun 14, 1992");
    expect(formatDate("1992-06-14", "Pacific/Kiritimati")).toBe("Jun 14, 1992");
  });

  it("answers '' for nothing and the raw text for something unreadable", () => {
    expect(formatDate(null, "UTC")).toBe("");
    expect(formatDate(undefined, "UTC")).toBe("");
    expect(formatDate("", "UTC")).toBe("");
    expect(formatDate("not a date", "UTC")).toBe("not a date");
  });
});

describe("attachmentDisposition", () => {
  it("quotes a plain ASCII name", () => {
    expect(attachmentDisposition("passport_Liam Smith.pdf")).toBe('attachment; filename="passport_Liam Smith.pdf"');
  });

  it("adds an RFC 5987 filename* for a non-ASCII name", () => {
    expect(attachmentDisposition("passport_Zoë Ångström.pdf")).toBe(
      `attachment; filename="passport_Zoe Angstrom.pdf"; filename*=UTF-8''passport_Zo%C3%AB%20%C3%85ngstr%C3%B6m.pdf`,
    );
  });

  it("keeps an apostrophe in filename and encodes it in filename*", () => {
    expect(attachmentDisposition("passport_Elias O'Brien.pdf")).toBe(
      `attachment; filename="passport_Elias O'Brien.pdf"`,
    );
    expect(attachmentDisposition("passport_Chloé O'Brien.pdf")).toContain(
      "filename*=UTF-8''passport_Chlo%C3%A9%20O%27Brien.pdf",
    );
  });

  it("cannot be broken out of: quotes, backslashes and line breaks", () => {
    const header = attachmentDisposition('a"b\\c\r\nSet-Cookie: x=1.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toMatch(/^attachment; filename="a_b_cSet-Cookie: x=1\.pdf"; filename\*=UTF-8''a%22b%5Cc/);
  });

  it("replaces characters without an ASCII form", () => {
    expect(attachmentDisposition("passport_李.pdf")).toBe(
      `attachment; filename="passport__.pdf"; filename*=UTF-8''passport_%E6%9D%8E.pdf`,
    );
  });
});
