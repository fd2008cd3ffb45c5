import { describe, expect, it } from "vitest";

import { parseEnv } from "~/config/env.server";
import { csvCell, csvDate, csvRecords } from "~/export/csv-cell";
import { exportFileName, exportQuery, listPageOfExport } from "~/export/file-name";

import { expensiveReadRefusal } from "../../server/request-guards";
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

  it.each([
    ["\uFF1D1+1", "'\uFF1D1+1"],
    ["\uFF0B1", "'\uFF0B1"],
    ["\uFF0D2+3", "'\uFF0D2+3"],
    ["\uFF20SUM(A1)", "'\uFF20SUM(A1)"],
    ["\nLeading line feed", "'\nLeading line feed"],
  ])("neutralises the full-width and line-break start %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ["x\n=1+1", "x\n'=1+1"],
    ["x\r=1+1", "x\r'=1+1"],
    ["x\r\n=1+1", "x\r\n'=1+1"],
    ["a\n+b\r\n-c\r@d\n\te", "a\n'+b\r\n'-c\r'@d\n'\te"],
    ["a\n\uFF1Db", "a\n'\uFF1Db"],
    ["=a\n=b", "'=a\n'=b"],
    ["a\n\n=b", "a\n\n'=b"],
    ["Line one\nline two", "Line one\nline two"],
  ])("neutralises a formula after a line break inside %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each(["+1 555 0104", "+44 20 7946 0958", "+1 (555) 010-4999", "+33 1.23.45.67.89", "+49 (0)30 1234567"])(
    "leaves the phone number %j as it is",
    (phone) => {
      expect(csvCell(phone)).toBe(phone);
    },
  );

  it.each([
    ["+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
    ["+1 555+cmd|' /C calc'!A0", "'+1 555+cmd|' /C calc'!A0"],
    ["+15550104", "'+15550104"],
    ["+1-555-0104", "'+1-555-0104"],
    ["+1 -555", "'+1 -555"],
    ["-2+3", "'-2+3"],
    ["-1 555 0104", "'-1 555 0104"],
    ["+1 555 0104\n=1+1", "'+1 555 0104\n'=1+1"],
    ["+1 555\t0104", "'+1 555\t0104"],
  ])("guards %j, which is no phone number a spreadsheet reads as text", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("writes a number as the number it is: a negative one is no formula", () => {
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(-0.5)).toBe("-0.5");
  });
});

describe("csvRecords", () => {
  it("quotes every field holding a line break, CR or LF alone included, and ends each record with CRLF", () => {
    expect(csvRecords([["a\nb", "c\rd", "e\r\nf", "plain"]])).toBe('"a\nb","c\rd","e\r\nf",plain\r\n');
  });

  it("quotes fields with the separator or a quote as usual, and starts with a BOM when asked", () => {
    expect(csvRecords([["a,b", 'say "hi"']], { bom: true })).toBe('\uFEFF"a,b","say ""hi"""\r\n');
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

describe("listPageOfExport", () => {
  it("is the list page an export was downloaded from, with its query", () => {
    expect(listPageOfExport("/users.csv", "?status=banned&page=2")).toBe("/users?status=banned&page=2");
    expect(listPageOfExport("/memberships.csv", "")).toBe("/memberships");
    expect(listPageOfExport("/users/7/invites.csv", "?status=pending")).toBe("/users/view-invites/7?status=pending");
    expect(listPageOfExport("/users/7/invitees.csv", "")).toBe("/users/7");
    expect(listPageOfExport("/audit.csv", "?action=export")).toBe("/audit?action=export");
  });
});

describe("exportQuery", () => {
  it("is the list's query without its paging", () => {
    expect(exportQuery(new URLSearchParams("status=banned&page=3&limit=25&search=a"))).toBe("status=banned&search=a");
    expect(exportQuery(new URLSearchParams("action=export&before=120&after=3"))).toBe("action=export");
  });
});

describe("EXPORTS_CONCURRENT", () => {
  const good = { API_URL: "https://api.example.com/api", SESSION_SECRET: "s".repeat(32) };

  it("is 4 unless set, and a positive whole number", () => {
    expect(parseEnv(good).EXPORTS_CONCURRENT).toBe(4);
    expect(parseEnv({ ...good, EXPORTS_CONCURRENT: "12" }).EXPORTS_CONCURRENT).toBe(12);
    for (const value of ["0", "-1", "1.5", "many"]) {
      expect(() => parseEnv({ ...good, EXPORTS_CONCURRENT: value })).toThrow(/EXPORTS_CONCURRENT/);
    }
  });
});

describe("expensiveReadRefusal", () => {
  it.each([
    "/users.csv.data",
    "/users.csv/.data",
    "/USERS.CSV.data",
    "/users%2Ecsv.data",
    "/users%2ecsv.data",
    "//audit.csv.data",
    "/insights.csv.data",
    "/users/7/invites.csv.data",
    "/users/%37/invitees.csv.data",
  ])("refuses the .data twin %s of an export: 404, whoever asks", (path) => {
    for (const site of [undefined, "same-origin"]) expect(expensiveReadRefusal(path, site)?.status).toBe(404);
  });

  it.each([
    "/users.csv",
    "/audit.csv/",
    "/insights.csv",
    "/users/7/invites.csv",
    "/posts/bulk",
    "/Users/Bulk/",
    "/users/bulk.data",
  ])("refuses %s opened from another site, and from the panel, a typed address or no browser lets it be", (path) => {
    expect(expensiveReadRefusal(path, "cross-site")?.status).toBe(403);
    expect(expensiveReadRefusal(path, "same-site")?.status).toBe(403);
    for (const site of ["same-origin", "none", undefined]) expect(expensiveReadRefusal(path, site)).toBeNull();
  });

  it.each(["/users", "/users.data", "/users/7/passport", "/users/bulk/6f1c", "/users%2Fbulk", "/audit", "/x.csv.data"])(
    "leaves %s alone",
    (path) => {
      expect(expensiveReadRefusal(path, "cross-site")).toBeNull();
    },
  );
});
