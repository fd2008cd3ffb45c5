// Issue 39, roles: every route of app/routes.ts × every panel role, over real HTTP against the real
// panel and demo API. Each forbidden GET and POST answers 403 with the page 'You do not have access
// to this page' and writes a refused audit entry; each page renders no link or form its role may
// not use; and a Viewer's pages hold no passport or certificate link, phone or date of birth.
// The routes come from app/routes.ts and the needs from the matrix (permissions.ts), so a new
// route is walked without anyone listing it here.
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";

import routes from "../../app/routes";
import { confirm, reviewPath } from "../support/bulk";
import { demoAdminCookie, demoUsers, type DemoUser } from "../support/demo-data";
import { downloadCsv } from "../support/export-csv";
import { PanelClient } from "../support/form-post";
import { parsePage } from "../support/html";
import { useStack } from "../support/use-stack";
import { formatDate } from "~/lib/format";
import { mayAsk, type PanelRole, ROUTE_NEEDS, type RouteAsk } from "~/session/permissions";

const NO_ACCESS = "You do not have access to this page";
const OWNER = { email: "admin@example.com", password: "Admin12345" };
const ADMIN = { email: "ops.admin@example.com", password: "Admin12345" };
const MODERATOR = { email: "support.admin@example.com", password: "Admin12345" };
// An upstream moderator: at most a Viewer on the panel.
const VIEWER = { email: "moderator@example.com", password: "Moderator12345" };

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every route's pattern as React Router matches it: its ancestors' paths joined. */
function patternsOf(entries: readonly RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    const own = entry.children ? [] : [path || "/"];
    return [...own, ...(entry.children ? patternsOf(entry.children, path) : [])];
  });
}

const PATTERNS = patternsOf(routes as RouteEntry[]);

/** Which pattern a panel path is (React Router's own ranking). */
function patternOf(path: string): string | null {
  const matched = matchRoutes(
    PATTERNS.map((pattern) => ({ path: pattern })),
    path,
  );
  return matched?.at(-1)?.route.path ?? null;
}

/** One request of the walk. */
interface Ask {
  method: "GET" | "POST";
  path: string;
  fields?: Record<string, string>;
}

interface Ids {
  member: DemoUser;
  pending: string;
  plan: string;
  batch: string;
}

/** A path of `pattern` with its parameters filled from the demo data. */
function pathOf(pattern: string, ids: Ids): string {
  return pattern
    .replace(":batchId", pattern.startsWith("/users/") ? ids.batch : "no-such-batch")
    .replace(
      ":id",
      pattern.startsWith("/memberships")
        ? ids.plan
        : pattern.startsWith("/badge-requests")
          ? ids.pending
          : String(ids.member.id),
    );
}

/** The requests the walk makes of a route: its page, each dialog it opens, each intent it is posted. */
function asksOf(pattern: string, ids: Ids): Ask[] {
  const need = ROUTE_NEEDS[pattern]!;
  if (need === "public") return [];
  const path = pathOf(pattern, ids);
  // A form of an index route posts to its path with ?index (React Router's own address of it).
  const postPath = pattern === "/" ? "/?index" : path;
  const field = need.intentField ?? "intent";
  const intents = Object.keys(need.intents ?? {});
  const query = (intent: string) =>
    field === "action"
      ? `?${new URLSearchParams({ action: intent, id: String(ids.member.id) })}`
      : `?${new URLSearchParams({ confirm: intent, id: String(ids.member.id) })}`;
  const asks: Ask[] = [
    { method: "GET", path },
    ...intents.map((intent) => ({ method: "GET" as const, path: path + query(intent) })),
  ];
  if (need.post) {
    const posts = intents.length > 0 ? intents : [""];
    for (const intent of posts) {
      const fields: Record<string, string> = { id: String(ids.member.id) };
      if (intent) fields[field] = intent;
      if (field === "action") fields.intent = "confirm";
      asks.push({ method: "POST", path: postPath, fields });
    }
  }
  return asks;
}

/** What the matrix says of `ask` for `role`. */
function allowed(role: PanelRole, ask: Ask): boolean {
  const url = new URL(ask.path, "http://panel");
  const pattern = patternOf(url.pathname);
  if (pattern === null) return false;
  const routeAsk: RouteAsk = {
    method: ask.method,
    query: url.searchParams,
    posted: (name) => ask.fields?.[name] ?? null,
  };
  return mayAsk(role, pattern, routeAsk);
}

/** The links and forms a page offers, as requests (links to the panel's own paths only). */
function offeredBy(html: string, pagePath: string): Ask[] {
  const { document } = parsePage(html);
  const base = new URL(pagePath, "http://panel");
  const asks: Ask[] = [];
  for (const link of document.querySelectorAll("a[href]")) {
    const url = new URL(link.getAttribute("href")!, base);
    if (url.origin === base.origin) asks.push({ method: "GET", path: url.pathname + url.search });
  }
  for (const form of document.querySelectorAll("form")) {
    const url = new URL(form.getAttribute("action") ?? pagePath, base);
    if (url.origin !== base.origin) continue;
    const method = (form.getAttribute("method") ?? "get").toUpperCase() === "POST" ? "POST" : "GET";
    const fields: Record<string, string> = {};
    for (const input of form.querySelectorAll<HTMLInputElement>("input[name], button[name][value]")) {
      if (input.type === "hidden" || input.tagName === "BUTTON") fields[input.name] ??= input.value;
    }
    asks.push({ method, path: url.pathname + (method === "GET" ? "" : url.search), fields });
  }
  return asks;
}

describe("every route × every role", () => {
  // The walk opens every export once per role: more than the per-minute limit of one admin.
  const stack = useStack({ OWNER_EMAILS: OWNER.email, EXPORTS_PER_MINUTE: "1000" });
  const clients = {} as Record<PanelRole, PanelClient>;
  const emails: Record<PanelRole, string> = {
    OWNER: OWNER.email,
    ADMIN: ADMIN.email,
    MODERATOR: MODERATOR.email,
    VIEWER: VIEWER.email,
  };

  /** Signs each role in (in the test: the demo data is reseeded, its sessions with it, before each test). */
  async function signInAll() {
    clients.OWNER = await PanelClient.reauthenticated(stack.panel.url, OWNER.email, OWNER.password);
    clients.ADMIN = await PanelClient.signedIn(stack.panel.url, ADMIN.email, ADMIN.password);
    clients.MODERATOR = await PanelClient.signedIn(stack.panel.url, MODERATOR.email, MODERATOR.password);
    clients.VIEWER = await PanelClient.signedIn(stack.panel.url, VIEWER.email, VIEWER.password);
  }

  it("lists every route of app/routes.ts in the matrix, and nothing else", () => {
    expect([...PATTERNS].sort()).toEqual(Object.keys(ROUTE_NEEDS).sort());
  });

  /** Signs every role in and finds the demo data the walk fills its paths with (the demo is reseeded before each test). */
  async function prepare(): Promise<{ ids: Ids; users: DemoUser[] }> {
    await signInAll();
    const users = await demoUsers(stack.demo.url);
    const member = users.find((user) => user.role === "user" && user.passport && user.phone && user.dateOfBirth)!;
    const pending = users.find((user) => user.role === "user" && user.badgeRequestStatus === 1)!;
    const cookie = await demoAdminCookie(stack.demo.url);
    const plans = (await (
      await fetch(`${stack.demo.url}/api/membership-plan/get-all`, { headers: { cookie } })
    ).json()) as { data: { id: string | number }[] };
    // A batch of the users list for its results page: the Owner bans one member.
    const target = users.find((user) => user.role === "user" && !user.isBanned && user.id !== member.id)!;
    const confirmed = await confirm(clients.OWNER, reviewPath("users", "ban", [target.id]), { reason: "Spam" });
    const batch = /\/users\/bulk\/([^/?]+)/.exec(confirmed.headers.get("location") ?? "")?.[1];
    expect(batch, "the batch's results page").toBeTruthy();
    // The Owner makes support.admin a Moderator on the roles page.
    const moderatorId = String(users.find((user) => user.email === MODERATOR.email)!.id);
    const assigned = await clients.OWNER.post("/roles", { intent: "change-role", id: moderatorId, role: "MODERATOR" });
    expect(assigned.status).toBe(302);
    return { ids: { member, pending: String(pending.id), plan: String(plans.data[0]!.id), batch: batch! }, users };
  }

  for (const role of ["VIEWER", "MODERATOR", "ADMIN", "OWNER"] as const) {
    it(
      `answers a ${role} what the matrix allows, refuses the rest with 403 and an audit entry, and offers nothing refused`,
      { timeout: 240_000 },
      async () => {
        const { ids, users } = await prepare();
        const personal = personalTexts(users);
        const client = clients[role];
        const refused: string[] = [];
        for (const pattern of PATTERNS) {
          for (const ask of asksOf(pattern, ids)) {
            const response =
              ask.method === "GET" ? await client.get(ask.path) : await client.post(ask.path, ask.fields ?? {});
            const label = `${role} ${ask.method} ${ask.path} ${JSON.stringify(ask.fields ?? {})}`;
            if (!allowed(role, ask)) {
              expect.soft(response.status, label).toBe(403);
              expect.soft(await response.text(), label).toContain(NO_ACCESS);
              refused.push(new URL(ask.path, "http://panel").pathname);
              continue;
            }
            expect.soft(response.status, label).not.toBe(403);
            const type = response.headers.get("content-type") ?? "";
            if (ask.method !== "GET" || response.status !== 200 || !type.includes("text/html")) {
              await response.body?.cancel();
              continue;
            }
            const html = await response.text();
            for (const offered of offeredBy(html, ask.path)) {
              expect
                .soft(
                  allowed(role, offered),
                  `${label} offers ${offered.method} ${offered.path} ${JSON.stringify(offered.fields ?? {})}`,
                )
                .toBe(true);
            }
            if (role === "VIEWER") {
              for (const text of personal) expect.soft(html, `${label} shows ${text}`).not.toContain(text);
            }
          }
        }
        // Each refusal is a refused entry on /audit, naming the page.
        const trail = await downloadCsv(
          clients.OWNER,
          `/audit.csv?${new URLSearchParams({ admin: emails[role], result: "refused", kind: "page" })}`,
        );
        const [header, ...rows] = trail.records;
        const targetId = header!.indexOf("Target ID");
        const logged = rows.map((row) => row[targetId]);
        for (const path of refused) expect.soft(logged, `${role} refused ${path}`).toContain(path);
        expect(rows.length, role).toBe(refused.length);
        if (role === "OWNER") expect(refused).toEqual([]);
        else expect(refused.length).toBeGreaterThan(0);
      },
    );
  }
});

/** What a Viewer's pages must never hold: every member's phone and date of birth, passport and certificate links. */
function personalTexts(users: readonly DemoUser[]): string[] {
  const texts = new Set<string>(["/passport", "/files/passports/", "/files/certificates/"]);
  for (const user of users) {
    if (user.phone) texts.add(user.phone);
    if (user.dateOfBirth) {
      texts.add(user.dateOfBirth);
      // As the details page writes it.
      texts.add(formatDate(user.dateOfBirth, "UTC"));
    }
  }
  return [...texts];
}
