/**
 * What a list's CSV file is and how it is sent (docs/product.md#list-exports): its headers, the
 * BOM, neutralised formula cells, ISO dates in APP_TIMEZONE, the incomplete line after an upstream
 * failure mid-file, and a dropped download that stops the upstream paging.
 */
import { describe, expect, it } from "vitest";

import { demoAdminCookie, demoUsers } from "../support/demo-data";
import { clearRecordedRequests, holdCalls, injectFault, recordedRequests, seedUsers } from "../support/demo-hooks";
import { csvColumn, downloadCsv, newestExportEntry } from "../support/export-csv";
import { PanelClient } from "../support/form-post";
import { htmlPage } from "../support/html";
import { useStack } from "../support/use-stack";

// A zone with a half-hour offset and no daylight saving: every date cell must carry +05:30.
const TIME_ZONE = "Asia/Kolkata";
const stack = useStack({ APP_TIMEZONE: TIME_ZONE, EXPORTS_PER_MINUTE: "10000" });

// Confirmed ahead: the personal lists ask for a re-authentication first (decision 080).
const admin = () => PanelClient.reauthenticated(stack.panel.url);

/** Today in the panel's zone, as the file name has it. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(new Date());

/** The page numbers of the GET /users calls the demo API answered, in order. */
async function usersPagesAsked(): Promise<number[]> {
  const calls = await recordedRequests(stack.demo.url, "/users");
  return calls.filter((call) => call.path === "/users").map((call) => Number(call.query.page));
}

const INCOMPLETE =
  /^INCOMPLETE EXPORT: the list could not be read to its end\. This file has only the first (\d+) rows\. Download it again\.$/;

describe("the file", () => {
  it("is a UTF-8 CSV with a BOM, named after the list, its filter and the day, never stored", async () => {
    const file = await downloadCsv(await admin(), "/users.csv?status=banned&page=2");
    expect(file.response.status).toBe(200);
    expect(file.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.response.headers.get("content-disposition")).toBe(`attachment; filename="users-banned-${today()}.csv"`);
    expect(file.response.headers.get("cache-control")).toBe("no-store");
    expect(file.text.startsWith("\uFEFF")).toBe(true);
    expect(file.records[0]).toEqual([
      "ID",
      "Name",
      "Email",
      "Phone",
      "Country",
      "Date of Birth",
      "Status",
      "Email Verified",
      "Banned",
      "Citizenship Status",
      "Devices",
    ]);
    // Every banned user, the page param notwithstanding (every page is written).
    const banned = (await demoUsers(stack.demo.url)).filter((user) => user.role !== "admin" && user.isBanned);
    expect(csvColumn(file.records, "Email")).toEqual(banned.map((user) => user.email));
  });

  it("is audited: the admin, the list, its query (paging left out) and the rows written", async () => {
    const panel = await admin();
    const file = await downloadCsv(panel, "/users.csv?status=banned&search=a&page=3");
    expect(await newestExportEntry(panel)).toMatchObject({
      Admin: "admin@example.com",
      Action: "Exported",
      "Target Kind": "list",
      "Target ID": "users",
      "Target Name": "status=banned&search=a",
      Result: "done",
      Detail: `${file.records.length - 1} rows`,
    });
  });

  it("names a searched list after its search, as ASCII", async () => {
    const file = await downloadCsv(await admin(), `/posts.csv?search=${encodeURIComponent("Café Night!")}`);
    expect(file.response.headers.get("content-disposition")).toBe(
      `attachment; filename="posts-cafe-night-${today()}.csv"`,
    );
  });

  it("neutralises cells a spreadsheet would read as a formula, and leaves the others alone", async () => {
    const users = (await demoUsers(stack.demo.url)).filter((user) => user.role !== "admin" && user.fullName);
    const hostile = ['=HYPERLINK("http://evil.example","x")', "+1+1", "-2+3", "@SUM(A1)", "\tTabbed", "\rReturned"];
    for (const [index, name] of hostile.entries()) {
      const response = await fetch(`${stack.demo.url}/__demo/users/${users[index]!.id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ fullName: name }),
      });
      expect(response.status).toBe(200);
    }
    const file = await downloadCsv(await admin(), "/users.csv");
    const names = new Map(file.records.slice(1).map((row) => [row[2], row[1]]));
    hostile.forEach((name, index) => expect(names.get(users[index]!.email)).toBe(`'${name}`));
    const plain = users[hostile.length]!;
    expect(names.get(plain.email)).toBe(plain.fullName);
  });

  it("writes dates in ISO 8601 in APP_TIMEZONE, with its offset", async () => {
    const cookie = await demoAdminCookie(stack.demo.url);
    let inviter = 0;
    let invites: { createdAt: string }[] = [];
    for (const user of await demoUsers(stack.demo.url)) {
      const answer = await fetch(`${stack.demo.url}/api/invite/get/user-wise/${user.id}`, { headers: { cookie } });
      const { data } = (await answer.json()) as { data: { createdAt: string }[] };
      if (data.length > invites.length) [inviter, invites] = [user.id, data];
    }
    const file = await downloadCsv(await admin(), `/users/${inviter}/invites.csv`);
    const dates = csvColumn(file.records, "Invite Date");
    expect(dates).toHaveLength(invites.length);
    dates.forEach((date, index) => {
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
      expect(Date.parse(date)).toBe(Math.floor(Date.parse(invites[index]!.createdAt) / 1000) * 1000);
    });
  });
});

describe("the first bytes", () => {
  it("leave before the first page is answered: the BOM and the header row do not wait for the upstream", async () => {
    const held = await holdCalls(stack.demo.url, { method: "GET", path: "/users", query: { page: "1" } });
    const panel = await admin();
    const response = await fetch(new URL("/users.csv", stack.panel.url), { headers: { cookie: panel.cookieHeader() } });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = new TextDecoder("utf-8", { ignoreBOM: true }).decode((await reader.read()).value);
    expect(first).toBe(
      "\uFEFFID,Name,Email,Phone,Country,Date of Birth,Status,Email Verified,Banned,Citizenship Status,Devices\r\n",
    );
    expect(await held.holding()).toBe(1);
    await held.release();
    const rest = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest.push(chunk.value);
    expect(rest.length).toBeGreaterThan(0);
  });
});

describe("a long list", () => {
  it("is written whole, page after page, while the browser reads it", async () => {
    // Enough rows that the socket's buffer fills and the file goes on after each drain.
    await seedUsers(stack.demo.url, 5000);
    const members = (await demoUsers(stack.demo.url)).filter((user) => user.role !== "admin");
    const file = await downloadCsv(await admin(), "/users.csv");
    expect(file.records.at(-1)?.[0]).not.toMatch(/^INCOMPLETE/);
    expect(csvColumn(file.records, "Email")).toEqual(members.map((user) => user.email));
  });
});

describe("a failure", () => {
  it("on the first page ends the file after its header with the incomplete line", async () => {
    await injectFault(stack.demo.url, { method: "GET", path: "/posts", status: 500 });
    const panel = await admin();
    const file = await downloadCsv(panel, "/posts.csv?search=a");
    expect(file.response.status).toBe(200);
    expect(file.records).toHaveLength(2);
    expect(file.records[0]![0]).toBe("ID");
    expect(INCOMPLETE.exec(file.records[1]![0]!)?.[1]).toBe("0");
    expect(await newestExportEntry(panel)).toMatchObject({
      "Target ID": "posts",
      "Target Name": "search=a",
      Result: "failed",
      Status: "500",
      Detail: "0 rows, incomplete",
    });
  });

  it("mid-file ends the file with the incomplete line after the rows read so far, and asks for no later page", async () => {
    await seedUsers(stack.demo.url, 400);
    const upstreamOrder = await demoUsers(stack.demo.url);
    await clearRecordedRequests(stack.demo.url);
    await injectFault(stack.demo.url, { method: "GET", path: "/users", query: { page: "3" }, status: 500 });

    const file = await downloadCsv(await admin(), "/users.csv");
    expect(file.response.status).toBe(200);
    const last = file.records.at(-1)!;
    expect(last).toHaveLength(1);
    const [, count] = INCOMPLETE.exec(last[0]!) ?? [];
    // The rows of pages 1 and 2 (100 each), administrators left out.
    const firstTwoPages = upstreamOrder.slice(0, 200).filter((user) => user.role !== "admin");
    expect(Number(count)).toBe(firstTwoPages.length);
    expect(csvColumn(file.records.slice(0, -1), "Email")).toEqual(firstTwoPages.map((user) => user.email));
    expect(Math.max(...(await usersPagesAsked()))).toBe(3);
    expect(await newestExportEntry(await admin())).toMatchObject({
      "Target ID": "users",
      Result: "failed",
      Status: "500",
      Detail: `${count} rows, incomplete`,
    });
  });
});

describe("the admin's note of an incomplete export", () => {
  it("shows on their next page until read, and a complete export since clears it", async () => {
    const panel = await admin();
    const noticeOn = async (path: string) =>
      (await htmlPage(await panel.get(path))).queryByText(/^The last export, .* is incomplete: /)?.textContent ?? null;

    await injectFault(stack.demo.url, { method: "GET", path: "/users", query: { page: "1" }, status: 500, times: 1 });
    await downloadCsv(panel, "/users.csv?status=banned");
    expect(await noticeOn("/announcements")).toBe(
      `The last export, users-banned-${today()}.csv, is incomplete: the list could not be read to its end. It has only the first 0 rows. Download it again.`,
    );
    expect(await noticeOn("/announcements")).toBeNull();

    // Downloaded again, whole: nothing to tell any more.
    await injectFault(stack.demo.url, { method: "GET", path: "/users", query: { page: "1" }, status: 500, times: 1 });
    await downloadCsv(panel, "/users.csv?status=banned");
    const whole = await downloadCsv(panel, "/users.csv?status=banned");
    expect(whole.records.at(-1)?.[0]).not.toMatch(/^INCOMPLETE/);
    expect(await noticeOn("/announcements")).toBeNull();
  });
});

describe("a dropped download", () => {
  it("stops the upstream paging at once: the page in flight is cancelled and no later page is asked for", async () => {
    await seedUsers(stack.demo.url, 400);
    const held = await holdCalls(stack.demo.url, { method: "GET", path: "/users", query: { page: "3" } });
    const panel = await admin();
    const browser = new AbortController();
    const response = await fetch(new URL("/users.csv", stack.panel.url), {
      headers: { cookie: panel.cookieHeader() },
      signal: browser.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // The browser keeps taking what comes until page 3 is asked for, then goes away.
    const draining = (async () => {
      for (;;) if ((await reader.read()).done) return;
    })().catch(() => undefined);
    await held.arrived();
    browser.abort();
    await draining;
    // The panel gives up on the call it had in flight ...
    await held.gone();
    await held.release();
    // ... and asks for nothing after it.
    expect(await usersPagesAsked()).toEqual([1, 2, 3]);
    // What the browser kept is not known: the users export's entry says so, with the rows written.
    // (Filtered to the users list: each look at the trail is an export of the audit list too.)
    const usersExport = () => newestExportEntry(panel, "&kind=list&target=users");
    await expect.poll(async () => (await usersExport()).Result, { timeout: 10_000 }).toBe("unknown");
    expect((await usersExport()).Detail).toMatch(/^\d+ rows, download closed before its end$/);
  });
});
