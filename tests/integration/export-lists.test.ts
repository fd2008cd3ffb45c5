import { describe, expect, it } from "vitest";

import { demoAdminCookie, demoUsers } from "../support/demo-data";
import { allPagesRows, csvColumn, downloadCsv, newestExportEntry, tableColumn } from "../support/export-csv";
import { PanelClient } from "../support/form-post";
import { type HtmlPage, htmlPage } from "../support/html";
import { useStack } from "../support/use-stack";

// A zone with a half-hour offset and no daylight saving: every date cell must carry +05:30.
const TIME_ZONE = "Asia/Kolkata";
const stack = useStack({ APP_TIMEZONE: TIME_ZONE, EXPORTS_PER_MINUTE: "10000" });

// Confirmed ahead: the personal lists ask for a re-authentication first (decision 080).
const admin = () => PanelClient.reauthenticated(stack.panel.url);

/** The user with the most invites in the demo data (their invites and invitees span pages). */
async function busiestInviter(): Promise<number> {
  const cookie = await demoAdminCookie(stack.demo.url);
  let best = { id: 0, count: -1 };
  for (const user of await demoUsers(stack.demo.url)) {
    if (user.role === "admin") continue;
    const answer = await fetch(`${stack.demo.url}/api/invite/get/user-wise/${user.id}`, { headers: { cookie } });
    const { data } = (await answer.json()) as { data: unknown[] };
    if (data.length > best.count) best = { id: user.id, count: data.length };
  }
  return best.id;
}

const postIds = (page: HtmlPage) =>
  [...page.document.querySelectorAll("article h3[id^='post-']")].map((h3) => h3.id.replace(/^post-|-title$/g, ""));
const announcementTitles = (page: HtmlPage) =>
  [...page.document.querySelectorAll("main li h3")].map((h3) => h3.textContent?.trim() ?? "");

interface ListCase {
  name: string;
  /** The list's page and its query (page=N is added). */
  page: (user: number) => string;
  /** The export of that same query. */
  csv: (user: number) => string;
  rowsOf: (page: HtmlPage) => string[];
  column: string;
}

const LISTS: ListCase[] = [
  {
    name: "users",
    page: () => "/users",
    csv: () => "/users.csv",
    rowsOf: (page) => tableColumn(page, "Users", "Email"),
    column: "Email",
  },
  {
    name: "users, banned, searched",
    page: () => "/users?status=banned&search=e",
    csv: () => "/users.csv?status=banned&search=e",
    rowsOf: (page) => tableColumn(page, "Users", "Email"),
    column: "Email",
  },
  {
    name: "users, citizenship pending, 25 a page",
    page: () => "/users?citizenship=pending&limit=25",
    csv: () => "/users.csv?citizenship=pending&limit=25",
    rowsOf: (page) => tableColumn(page, "Users", "Email"),
    column: "Email",
  },
  {
    name: "a user's invites, pending",
    page: (user) => `/users/view-invites/${user}?status=pending`,
    csv: (user) => `/users/${user}/invites.csv?status=pending`,
    rowsOf: (page) => tableColumn(page, /^Invites of /, "Email"),
    column: "Email",
  },
  {
    name: "a user's invites",
    page: (user) => `/users/view-invites/${user}`,
    csv: (user) => `/users/${user}/invites.csv`,
    rowsOf: (page) => tableColumn(page, /^Invites of /, "Email"),
    column: "Email",
  },
  {
    name: "a user's invitees",
    page: (user) => `/users/${user}`,
    csv: (user) => `/users/${user}/invitees.csv`,
    rowsOf: (page) => tableColumn(page, "Invitees", "Email"),
    column: "Email",
  },
  {
    name: "citizenship requests",
    page: () => "/badge-requests",
    csv: () => "/badge-requests.csv",
    rowsOf: (page) => tableColumn(page, "Pending citizenship requests", "Email"),
    column: "Email",
  },
  {
    name: "citizenship requests, searched",
    page: () => "/badge-requests?search=.com",
    csv: () => "/badge-requests.csv?search=.com",
    rowsOf: (page) => tableColumn(page, "Pending citizenship requests", "Email"),
    column: "Email",
  },
  { name: "posts", page: () => "/posts", csv: () => "/posts.csv", rowsOf: postIds, column: "ID" },
  {
    name: "posts, searched",
    page: () => "/posts?search=the",
    csv: () => "/posts.csv?search=the",
    rowsOf: postIds,
    column: "ID",
  },
  {
    name: "announcements",
    page: () => "/announcements",
    csv: () => "/announcements.csv",
    rowsOf: announcementTitles,
    column: "Title",
  },
  {
    name: "memberships",
    page: () => "/memberships",
    csv: () => "/memberships.csv",
    // The plan's name is its link (an inactive plan's cell also says 'Inactive').
    rowsOf: (page) =>
      [...page.document.querySelectorAll("table tbody tr")].flatMap((row) => {
        const name = row.querySelector("a[href^='/memberships/view/']");
        return name ? [name.textContent?.trim() ?? ""] : [];
      }),
    column: "Name",
  },
];

describe("Download CSV: the file is the list's rows across all its pages", () => {
  it.each(LISTS)("$name", async (list) => {
    const panel = await admin();
    const user = list.page(0).includes("/users/") ? await busiestInviter() : 0;
    const pages = await allPagesRows(panel, list.page(user), list.rowsOf);
    const first = await htmlPage(await panel.get(list.page(user)));
    expect(first.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(list.csv(user));
    const file = await downloadCsv(panel, list.csv(user));
    expect(file.response.status).toBe(200);
    expect(pages.length).toBeGreaterThan(0);
    expect(csvColumn(file.records, list.column)).toEqual(pages);
  });
});

describe("Download CSV of the audit trail", () => {
  /** An /audit page's entries as `when (to the second)|admin|action`, and the next page's link. */
  const auditEntries = (page: HtmlPage) =>
    [...page.getByRole("table", { name: "Audit entries" }).querySelectorAll("tbody tr")]
      .filter((row) => row.querySelector("time"))
      .map((row) => {
        const cells = [...row.querySelectorAll("td")].map((cell) => cell.textContent?.trim() ?? "");
        const when = Math.floor(Date.parse(row.querySelector("time")!.getAttribute("datetime")!) / 1000);
        return `${when}|${cells[1]}|${cells[2]}`;
      });

  it("is the trail's filtered entries across all its cursor pages, newest first", async () => {
    const panel = await admin();
    // More sign-ins than a page holds: the trail pages by cursor ("Older entries").
    for (let signIn = 0; signIn < 30; signIn++) await PanelClient.signedIn(stack.panel.url);

    const pages: string[] = [];
    let path: string | null = "/audit?action=sign-in";
    while (path) {
      const page = await htmlPage(await panel.get(path));
      expect(page.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(
        "/audit.csv?" + new URL(path, "http://panel").searchParams.toString(),
      );
      pages.push(...auditEntries(page));
      path = page.queryByRole("link", { name: "Older entries" })?.getAttribute("href") ?? null;
    }
    expect(pages.length).toBeGreaterThan(30);

    const file = await downloadCsv(panel, "/audit.csv?action=sign-in&before=999999");
    const when = csvColumn(file.records, "When").map((value) => Date.parse(value) / 1000);
    const admins = csvColumn(file.records, "Admin");
    const actions = csvColumn(file.records, "Action");
    expect(when.map((second, index) => `${second}|${admins[index]}|${actions[index]}`)).toEqual(pages);
  });

  it("is named audit-export, then its filters and the day, as the product guide names it", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(new Date());
    const plain = await downloadCsv(await admin(), "/audit.csv");
    expect(plain.response.headers.get("content-disposition")).toBe(`attachment; filename="audit-export-${today}.csv"`);
    const panel = await admin();
    const filtered = await downloadCsv(panel, "/audit.csv?action=sign-in");
    expect(filtered.response.headers.get("content-disposition")).toBe(
      `attachment; filename="audit-export-signed-in-${today}.csv"`,
    );
    // Its audit entry names the list as the trail's filters know it: target audit.
    expect(await newestExportEntry(panel, "&kind=list&target=audit")).toMatchObject({
      "Target ID": "audit",
      "Target Name": "action=sign-in",
    });
  });
});
