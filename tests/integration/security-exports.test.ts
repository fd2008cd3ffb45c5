/**
 * What a stranger (a hostile name, a failed sign-in, a link on another site) or one admin can make
 * the list exports do (docs/product.md#list-exports, docs/operations.md#list-exports): a line break
 * in a cell starts no row and no formula, the `.data` twin of a CSV address is refused before React
 * Router runs, a link from another site opens neither an export nor a bulk review page, and the
 * exports running at once on a panel are capped.
 */
import { describe, expect, it } from "vitest";

import { demoUsers } from "../support/demo-data";
import { clearRecordedRequests, holdCalls, recordedRequests } from "../support/demo-hooks";
import { downloadCsv, readWithPythonCsv } from "../support/export-csv";
import { PanelClient } from "../support/form-post";
import { htmlPage } from "../support/html";
import { useStack } from "../support/use-stack";

// One export at a time, so a held one fills the panel; the per-admin limit out of the way.
const stack = useStack({ EXPORTS_PER_MINUTE: "10000", EXPORTS_CONCURRENT: "1" });

// Confirmed ahead: the personal lists ask for a re-authentication first (decision 080).
const admin = () => PanelClient.reauthenticated(stack.panel.url);

/** What makes a spreadsheet read a cell (or a line of it) as a formula: ASCII and full-width. */
const FORMULA_START = /^[=+\-@\t\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The lines of a cell that a spreadsheet would read as a formula. */
const formulaLines = (cell: string) => cell.split(/\r\n|\r|\n/).filter((line) => FORMULA_START.test(line));

async function renameUser(id: number, fullName: string): Promise<void> {
  const response = await fetch(`${stack.demo.url}/__demo/users/${id}`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ fullName }),
  });
  expect(response.status).toBe(200);
}

describe("a line break inside a cell", () => {
  it("starts neither a row nor a formula: the cell is quoted and each of its lines guarded (Python's csv reader)", async () => {
    const members = (await demoUsers(stack.demo.url)).filter((user) => user.role !== "admin");
    const hostile = [
      ["Mallory\n=1+1", "Mallory\n'=1+1"],
      ['Eve\r=HYPERLINK("http://evil.example","x")', `Eve\r'=HYPERLINK("http://evil.example","x")`],
      ["Trudy\r\n+1+cmd|' /C calc'!A0", "Trudy\r\n'+1+cmd|' /C calc'!A0"],
      ["\uFF1D1+1", "'\uFF1D1+1"],
      ["Oscar\n\uFF20SUM(A1)\n-2+3", "Oscar\n'\uFF20SUM(A1)\n'-2+3"],
    ] as const;
    for (const [index, [name]] of hostile.entries()) await renameUser(members[index]!.id, name);

    const file = await downloadCsv(await admin(), "/users.csv");
    const rows = await readWithPythonCsv(file.text);
    const [head = [], ...body] = rows;
    // One row per member, each of the header's width: no name spilled into a row of its own.
    expect(body).toHaveLength(members.length);
    for (const row of body) expect(row).toHaveLength(head.length);
    const column = (name: string) => head.indexOf(name);
    const names = new Map(body.map((row) => [row[column("Email")], row[column("Name")]]));
    hostile.forEach(([, written], index) => expect(names.get(members[index]!.email)).toBe(written));
    // No cell, nor any line inside one, starts a formula; phone numbers stay as the upstream has them.
    for (const row of body) {
      row.forEach((cell, index) => {
        if (index === column("Phone")) return;
        expect(formulaLines(cell), `${head[index]}: ${JSON.stringify(cell)}`).toEqual([]);
      });
    }
    const phones = new Map(members.map((user) => [user.email, user.phone ?? ""]));
    for (const row of body) expect(row[column("Phone")]).toBe(phones.get(row[column("Email")]!));
    expect(body.some((row) => row[column("Phone")]!.startsWith("+"))).toBe(true);
  });

  it("reaches the audit file through an admin's action on that member, and stays in its cell", async () => {
    const member = (await demoUsers(stack.demo.url)).find((user) => user.role !== "admin" && !user.isBanned)!;
    await renameUser(member.id, "Mallory\n=1+1");
    const panel = await admin();
    const ban = await panel.post(`/users?confirm=ban&id=${member.id}`, { intent: "ban", id: String(member.id) });
    expect(ban.status).toBe(302);

    const [head = [], ...body] = await readWithPythonCsv((await downloadCsv(panel, "/audit.csv")).text);
    expect(head).toContain("Target Name");
    for (const row of body) {
      expect(row).toHaveLength(head.length);
      expect(row[0]).toMatch(/^\d+$/);
      for (const cell of row) expect(formulaLines(cell)).toEqual([]);
    }
    const banned = body.find((row) => row[head.indexOf("Action")] === "Banned");
    expect(banned?.[head.indexOf("Target Name")]).toBe("Mallory\n'=1+1");
  });
});

describe("the .data twin of an export", () => {
  it.each([
    "/users.csv.data",
    "/users.csv.data?status=banned",
    "/memberships.csv.data",
    "/audit.csv.data",
    "/users/5/invites.csv.data",
    "/users/5/invitees.csv.data",
    "/USERS.CSV.data",
    "/users%2Ecsv.data",
    "/users.csv/.data",
  ])("%s is refused before React Router runs: 404, and the upstream is asked nothing", async (path) => {
    const panel = await admin();
    await clearRecordedRequests(stack.demo.url);
    const response = await panel.get(path);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).not.toMatch(/text\/csv|turbo-stream/);
    expect(await response.text()).not.toContain("Email");
    expect(await recordedRequests(stack.demo.url)).toEqual([]);
  });
});

describe("a link from another site", () => {
  const pages = [
    "/users.csv",
    "/users.csv?status=banned",
    "/audit.csv",
    "/memberships.csv",
    "/users/5/invites.csv",
    "/users/bulk?action=ban&id=5&id=6",
    "/users/bulk.data?action=ban&id=5&id=6",
    "/posts/bulk?action=delete&scope=matching",
  ];

  it.each(pages)(
    "%s opened from another site answers 403 with a page, and the upstream is asked nothing",
    async (path) => {
      const panel = await admin();
      for (const site of ["cross-site", "same-site"]) {
        await clearRecordedRequests(stack.demo.url);
        const response = await panel.get(path, { "sec-fetch-site": site, "sec-fetch-mode": "navigate" });
        expect(response.status).toBe(403);
        expect(response.headers.get("content-type")).toMatch(/^text\/html/);
        const page = await htmlPage(response);
        page.getByRole("heading", { name: "Open this from the panel" });
        page.getByText(
          "This address was opened from another site. Exports and bulk actions open only from the panel's own pages.",
        );
        expect(page.getByRole("link", { name: "Go to the panel" }).getAttribute("href")).toBe("/");
        expect(await recordedRequests(stack.demo.url)).toEqual([]);
      }
    },
  );

  it("leaves a link on the panel, a typed address and a client without the header alone", async () => {
    const panel = await admin();
    const sites: Record<string, string>[] = [{ "sec-fetch-site": "same-origin" }, { "sec-fetch-site": "none" }, {}];
    for (const headers of sites) {
      const file = await downloadCsv(panel, "/memberships.csv", headers);
      expect(file.response.status).toBe(200);
      expect(file.records[0]![0]).toBe("ID");
      const review = await panel.get("/users/bulk?action=ban&id=5", headers);
      expect(review.status).toBe(200);
    }
  });
});

describe("exports running at once", () => {
  it("are capped per panel (EXPORTS_CONCURRENT): one more answers 503 with a page and asks the upstream nothing", async () => {
    const panel = await admin();
    const held = await holdCalls(stack.demo.url, { method: "GET", path: "/users", query: { page: "1" } });
    const first = await fetch(new URL("/users.csv", stack.panel.url), { headers: { cookie: panel.cookieHeader() } });
    expect(first.status).toBe(200);
    const reader = first.body!.getReader();
    await reader.read();
    await held.arrived();

    const refused = await panel.get("/posts.csv?search=a");
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const page = await htmlPage(refused);
    page.getByText("Too many exports are running on the panel right now. Please try again in a minute.");
    expect(page.getByRole("link", { name: "Back to the list" }).getAttribute("href")).toBe("/posts?search=a");
    expect(await recordedRequests(stack.demo.url, "/posts")).toEqual([]);

    await held.release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
    // The first one is written: its place is free again.
    expect((await downloadCsv(panel, "/posts.csv?search=a")).response.status).toBe(200);
  });

  it("give their place back when the browser drops the download", async () => {
    const panel = await admin();
    const held = await holdCalls(stack.demo.url, { method: "GET", path: "/users", query: { page: "1" } });
    const browser = new AbortController();
    const response = await fetch(new URL("/users.csv", stack.panel.url), {
      headers: { cookie: panel.cookieHeader() },
      signal: browser.signal,
    });
    await response.body!.getReader().read();
    await held.arrived();
    browser.abort();
    await held.gone();
    await held.release();
    await expect
      .poll(async () => (await downloadCsv(panel, "/memberships.csv")).response.status, { timeout: 10_000 })
      .toBe(200);
  });
});
