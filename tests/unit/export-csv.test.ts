import { describe, expect, it } from "vitest";

import { csvCell, csvDate } from "~/export/csv-cell";
import { exportFileName, exportQuery } from "~/export/file-name";
import { isoWithOffset } from "~/lib/local-datetime";

describe("csvCell", () => {
  it.each([
    ["=1+2", "'=1+2"],
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ["+1", "'+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTabbed", "'\tTabbed"],
    ["\rReturned", "'\rReturned"],
  ])("neutralises %j as a formula start", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ["Ada Lovelace", "Ada Lovelace"],
    ["a=b", "a=b"],
    [" =1", " =1"],
    ["", ""],
    [null, ""],
    [undefined, ""],
    [42, "42"],
    [true, "true"],
  ])("leaves %j as it is", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe("csvDate", () => {
  it("writes an instant in the zone with its offset, a calendar date as it is, anything else as it came", () => {
    expect(csvDate("2026-01-15T10:00:00.000Z", "Asia/Kolkata")).toBe("2026-01-15T15:30:00+05:30");
    expect(csvDate("2026-07-01T12:00:00Z", "America/New_York")).toBe("2026-07-01T08:00:00-04:00");
    expect(csvDate("2026-01-01T12:00:00Z", "America/New_York")).toBe("2026-01-01T07:00:00-05:00");
    expect(csvDate("2026-01-15T10:00:00Z", "UTC")).toBe("2026-01-15T10:00:00+00:00");
    expect(csvDate("1992-06-14", "Asia/Kolkata")).toBe("1992-06-14");
    expect(csvDate("not a date", "UTC")).toBe("not a date");
    expect(csvDate(null, "UTC")).toBe("");
  });

  it("is isoWithOffset for instants", () => {
    expect(isoWithOffset(Date.UTC(2026, 10, 25, 23, 30), "Europe/Paris")).toBe("2026-11-26T00:30:00+01:00");
    expect(isoWithOffset("", "UTC")).toBe("");
  });
});

describe("exportFileName", () => {
  const now = new Date("2026-11-25T23:30:00Z");

  it("names the list, its filters and the day in the zone", () => {
    expect(exportFileName("users", ["banned"], now, "UTC")).toBe("users-banned-2026-11-25.csv");
    // Already the next day in Kolkata.
    expect(exportFileName("users", ["banned"], now, "Asia/Kolkata")).toBe("users-banned-2026-11-26.csv");
    expect(exportFileName("memberships", [], now, "UTC")).toBe("memberships-2026-11-25.csv");
  });

  it("keeps file names plain: ASCII words joined by dashes, empty parts left out, long ones cut", () => {
    expect(exportFileName("posts", ["Café Night!", ""], now, "UTC")).toBe("posts-cafe-night-2026-11-25.csv");
    expect(exportFileName("users", ["../../etc/passwd"], now, "UTC")).toBe("users-etc-passwd-2026-11-25.csv");
    expect(exportFileName("users", ["x".repeat(100)], now, "UTC")).toBe(`users-${"x".repeat(40)}-2026-11-25.csv`);
  });
});

describe("exportQuery", () => {
  it("is the list's query without its paging", () => {
    expect(exportQuery(new URLSearchParams("status=banned&page=3&limit=25&search=a"))).toBe("status=banned&search=a");
    expect(exportQuery(new URLSearchParams("action=export&before=120&after=3"))).toBe("action=export");
  });
});
