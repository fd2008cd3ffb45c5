import { within } from "@testing-library/dom";
import { describe, expect, it } from "vitest";

import { auditRows } from "../support/audit-page";
import { injectFault, outbox, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { type HtmlPage, htmlPage, valueOf } from "../support/html";
import { useStack } from "../support/use-stack";
import { demoAdminCookie, type DemoUser, demoUsers, findDemoUser } from "../support/demo-data";

/**
 * The invitees' addresses a page shows as text (EmailText puts <wbr> break points in them; the
 * page's hydration data, which holds them too, is not what a person sees).
 */
function invitedEmails(html: string): string[] {
  return html.replace(/<wbr\/>/g, "").match(/>friend\d+@example\.org</g) ?? [];
}

const stack = useStack();

/** A panel client signed in as the admin. */
const admin = () => PanelClient.signedIn(stack.panel.url);

const findUser = (test: (user: DemoUser) => boolean) => findDemoUser(stack.demo.url, test);

async function userById(id: number): Promise<DemoUser> {
  return (await demoUsers(stack.demo.url)).find((user) => user.id === id)!;
}

/** The upstream's own answer for one user (what GET /users/{id} sends the panel). */
async function fetchUpstreamUser(id: number): Promise<object> {
  const cookie = await demoAdminCookie(stack.demo.url);
  const answer = (await (await fetch(`${stack.demo.url}/api/users/${id}`, { headers: { cookie } })).json()) as {
    data: object;
  };
  return answer.data;
}

const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

describe("GET /users", () => {
  it("sends paging and the mapped filters to GET /users in one call", async () => {
    const panel = await admin();
    const response = await panel.get("/users?page=2&limit=25&search=ann&status=banned&citizenship=approved");
    expect(response.status).toBe(200);
    const calls = (await recordedRequests(stack.demo.url, "/users")).filter((call) => call.path === "/users");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query).toEqual({
      page: "2",
      limit: "25",
      search: "ann",
      status: "banned",
      badgeRequestStatus: "2",
    });
  });

  it.each([
    ["status=verified", { status: "1" }],
    ["status=pending", { status: "0" }],
    ["citizenship=pending", { badgeRequestStatus: "1" }],
    ["citizenship=not-applied", { badgeRequestStatus: "0" }],
    ["status=bogus&citizenship=9&limit=7&page=-2", {}],
  ])("maps %s", async (query, expected) => {
    const panel = await admin();
    await panel.get(`/users?${query}`);
    const [call] = (await recordedRequests(stack.demo.url, "/users")).filter((entry) => entry.path === "/users");
    expect(call!.query).toEqual({ page: "1", limit: "10", ...expected });
  });

  it("never lists administrators", async () => {
    const panel = await admin();
    const html = await (await panel.get("/users?limit=100")).text();
    expect(html).toContain("member@example.com");
    expect(html).not.toContain("ops.admin@example.com");
    expect(html).not.toContain("support.admin@example.com");
    expect(html).not.toContain("Sam Support");
  });

  it("says the total counts the administrators it does not list", async () => {
    const everyone = await demoUsers(stack.demo.url);
    const admins = everyone.filter((user) => user.role === "admin");
    const panel = await admin();
    const html = decodeEntities(await (await panel.get("/users?search=admin&limit=100")).text());
    const matching = everyone.filter((user) =>
      [user.fullName, user.email, user.phone].some((field) => field?.toLowerCase().includes("admin")),
    );
    const hidden = matching.filter((user) => user.role === "admin").length;
    expect(hidden).toBeGreaterThan(0);
    expect(admins.length).toBeGreaterThanOrEqual(hidden);
    expect(html).toContain(
      `${matching.length} ${matching.length === 1 ? "account" : "accounts"}, administrators included (${hidden} not listed on this page)`,
    );
    expect(html).not.toMatch(/>\d+ items?</);
  });

  it("shows the load error when the upstream fails", async () => {
    await injectFault(stack.demo.url, { method: "GET", path: "/users", status: 500 });
    const panel = await admin();
    const response = await panel.get("/users");
    expect(response.status).toBe(502);
    expect(await response.text()).toContain("Some error occurred while fetching data");
  });
});

describe("POST /users (row actions)", () => {
  it("bans through GET /users/ban/{id} and goes back to the same list", async () => {
    const user = await findUser((candidate) => !candidate.isBanned);
    const panel = await admin();
    const response = await panel.post(`/users?page=2&status=pending&confirm=ban&id=${user.id}`, {
      intent: "ban",
      id: String(user.id),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/users?page=2&status=pending");
    const { html } = await panel.follow(response);
    expect(toastMessage(html)).toBe("User banned successfully");
    const bans = await recordedRequests(stack.demo.url, `/users/ban/${user.id}`);
    expect(bans.map((call) => call.method)).toEqual(["GET"]);
    expect((await userById(user.id)).isBanned).toBe(true);
  });

  it("leaves a user banned after a double submission", async () => {
    const user = await findUser((candidate) => !candidate.isBanned);
    const panel = await admin();
    const fields = { intent: "ban", id: String(user.id) };
    const first = await panel.post(`/users?confirm=ban&id=${user.id}`, fields);
    const second = await panel.post(`/users?confirm=ban&id=${user.id}`, fields);
    expect(second.status).toBe(302);
    expect(toastMessage((await panel.follow(second)).html)).toBe(
      `User ${user.fullName?.trim() || user.email} is already banned`,
    );
    expect(first.status).toBe(302);
    expect(await recordedRequests(stack.demo.url, `/users/ban/${user.id}`)).toHaveLength(1);
    expect(await recordedRequests(stack.demo.url, `/users/un-ban/${user.id}`)).toHaveLength(0);
    expect((await userById(user.id)).isBanned).toBe(true);
  });

  it("un-bans through GET /users/un-ban/{id}, once", async () => {
    const user = await findUser((candidate) => candidate.isBanned);
    const panel = await admin();
    const response = await panel.post(`/users?status=banned&confirm=unban&id=${user.id}`, {
      intent: "unban",
      id: String(user.id),
    });
    expect(response.headers.get("location")).toBe("/users?status=banned");
    expect(toastMessage((await panel.follow(response)).html)).toBe("User un-banned successfully");
    const again = await panel.post(`/users?status=banned`, { intent: "unban", id: String(user.id) });
    expect(toastMessage((await panel.follow(again)).html)).toBe(
      `User ${user.fullName?.trim() || user.email} is not banned`,
    );
    expect(await recordedRequests(stack.demo.url, `/users/un-ban/${user.id}`)).toHaveLength(1);
    expect((await userById(user.id)).isBanned).toBe(false);
  });

  it("verifies through POST /users/verify/{id}", async () => {
    const user = await findUser((candidate) => candidate.isEmailVerified && candidate.status !== "verified");
    const panel = await admin();
    const response = await panel.post(`/users?search=a&confirm=verify&id=${user.id}`, {
      intent: "verify",
      id: String(user.id),
    });
    expect(response.headers.get("location")).toBe("/users?search=a");
    expect(toastMessage((await panel.follow(response)).html)).toBe("User verified successfully");
    const calls = await recordedRequests(stack.demo.url, `/users/verify/${user.id}`);
    expect(calls.map((call) => call.method)).toEqual(["POST"]);
    expect((await userById(user.id)).status).toBe("verified");
  });

  it.each([
    ["with an empty body", { body: {} }, "Failed to verify user"],
    ["with an HTML error page", { body: "<html><body>Internal Server Error</body></html>" }, "Failed to verify user"],
    ["with a server message", {}, "Injected fault"],
  ])("on an upstream 500 %s, shows %s", async (_label, extra, shown) => {
    const user = await findUser((candidate) => candidate.isEmailVerified && candidate.status !== "verified");
    await injectFault(stack.demo.url, { method: "POST", path: `/users/verify/${user.id}`, status: 500, ...extra });
    const panel = await admin();
    const response = await panel.post("/users", { intent: "verify", id: String(user.id) });
    expect(response.headers.get("location")).toBe("/users");
    expect(toastMessage((await panel.follow(response)).html)).toBe(shown);
  });

  it("never sends verify for a user whose email is not verified", async () => {
    const user = await findUser((candidate) => !candidate.isEmailVerified);
    const panel = await admin();
    const response = await panel.post("/users", { intent: "verify", id: String(user.id) });
    expect(toastMessage((await panel.follow(response)).html)).toBe(
      `User ${user.fullName?.trim() || user.email} has not verified their email yet`,
    );
    expect(await recordedRequests(stack.demo.url, `/users/verify/${user.id}`)).toHaveLength(0);
  });

  it.each(["ban", "unban", "verify"])("answers an unknown id for %s with the upstream's message", async (intent) => {
    const panel = await admin();
    const response = await panel.post("/users?page=3", { intent, id: "99999" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/users?page=3");
    expect(toastMessage((await panel.follow(response)).html)).toBe("User not found");
  });

  it("answers an unknown intent with 400 and calls nothing", async () => {
    const panel = await admin();
    const response = await panel.post("/users", { intent: "delete", id: "6" });
    expect(response.status).toBe(400);
    expect(toastMessage(await response.text())).toBe("Unknown action");
    const mutations = (await recordedRequests(stack.demo.url, "/users")).filter((call) => call.path !== "/users");
    expect(mutations).toEqual([]);
  });

  it("answers a missing intent with 400", async () => {
    const panel = await admin();
    expect((await panel.post("/users", { id: "6" })).status).toBe(400);
  });

  it("sends a visitor without a session to sign in", async () => {
    const response = await new PanelClient(stack.panel.url).post("/users", { intent: "ban", id: "6" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login/);
    expect(await recordedRequests(stack.demo.url, "/users/ban")).toEqual([]);
  });
});

describe("GET /users/{id}/passport", () => {
  it("streams the upstream file as passport_{fullName}.pdf", async () => {
    const user = await findUser((candidate) =>
      Boolean(candidate.passport && candidate.fullName && isAscii(candidate.fullName)),
    );
    const panel = await admin();
    const response = await panel.get(`/users/${user.id}/passport`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="passport_${user.fullName}.pdf"`);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
  });

  it("names a non-ASCII passport with RFC 5987", async () => {
    const user = await findUser((candidate) =>
      Boolean(candidate.passport && candidate.fullName && !isAscii(candidate.fullName)),
    );
    const response = await (await admin()).get(`/users/${user.id}/passport`);
    expect(response.status).toBe(200);
    const disposition = response.headers.get("content-disposition")!;
    expect(disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent(`passport_${user.fullName}.pdf`).replace(/'/g, "%27")}`,
    );
    expect(disposition).toMatch(/^attachment; filename="passport_[\x20-\x7e]+\.pdf"/);
  });

  /** The page a failed download sends the admin back to, and its toast. */
  async function failedDownload(panel: PanelClient, path: string) {
    const response = await panel.get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("content-disposition")).toBeNull();
    const { response: page, html } = await panel.follow(response);
    expect(page.status).toBe(200);
    return { location: response.headers.get("location"), toast: toastMessage(html) };
  }

  it("goes back to the list with the server's 'Passport not found' as an error toast", async () => {
    const user = await findUser((candidate) => Boolean(candidate.passport));
    await injectFault(stack.demo.url, {
      method: "GET",
      path: `/users/${user.id}`,
      status: 404,
      times: 1,
      body: { message: "Passport not found" },
    });
    const panel = await admin();
    const back = "/users?page=2&search=a";
    const answer = await failedDownload(panel, `/users/${user.id}/passport?back=${encodeURIComponent(back)}`);
    expect(answer).toEqual({ location: back, toast: "Passport not found" });
  });

  it("goes back with the reason for a user without a passport, an unknown user and a missing file", async () => {
    const panel = await admin();
    const without = await findUser((candidate) => !candidate.passport);
    expect(await failedDownload(panel, `/users/${without.id}/passport?back=%2Fusers%3Fpage%3D3`)).toEqual({
      location: "/users?page=3",
      toast: "This user has no passport",
    });
    expect(await failedDownload(panel, "/users/99999/passport")).toEqual({
      location: "/users",
      toast: "User not found",
    });

    const user = await findUser((candidate) => Boolean(candidate.passport));
    const details = await fetchUpstreamUser(user.id);
    await injectFault(stack.demo.url, {
      method: "GET",
      path: `/users/${user.id}`,
      status: 200,
      times: 1,
      body: { data: { ...details, passport: `${stack.demo.url}/files/passports/missing.pdf` } },
    });
    const missing = await failedDownload(panel, `/users/${user.id}/passport?back=%2Fusers`);
    expect(missing.location).toBe("/users");
    expect(missing.toast).toBeTruthy();
  });

  it("never goes back off the panel", async () => {
    const user = await findUser((candidate) => !candidate.passport);
    const answer = await failedDownload(await admin(), `/users/${user.id}/passport?back=%2F%2Fevil.test%2Fusers`);
    expect(answer.location).toBe("/users");
  });

  it("requires a signed-in admin", async () => {
    const response = await new PanelClient(stack.panel.url).get("/users/5/passport");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fusers%2F5%2Fpassport");
  });
});

describe("user details", () => {
  it("shows the user's fields and invitees from one call", async () => {
    const panel = await admin();
    const html = decodeEntities(await (await panel.get("/users/5")).text());
    expect(html).toContain("User Details");
    expect(html).toContain("Mia Member");
    expect(html).toContain("2 device(s) registered");
    expect(html).toContain("Jun 14, 1992");
    expect(html).toContain("Invitees (8)");
    expect(await recordedRequests(stack.demo.url, "/users/5")).toHaveLength(1);
  });

  it("filters the invitees by status and search from the URL", async () => {
    const panel = await admin();
    const html = await (await panel.get("/users/5?status=approved")).text();
    expect(invitedEmails(html)).toHaveLength(2);
    const none = decodeEntities(await (await panel.get("/users/5?search=nobody")).text());
    expect(none).toContain("No Invitees Found");
    expect(none).toContain("No invitees match your search criteria.");
  });

  it("answers 404 with the spec's text for an unknown user", async () => {
    const response = await (await admin()).get("/users/99999");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("User not found or some error occurred while fetching data");
  });
});

describe("POST /users/{id} (push notification)", () => {
  it("sends trimmed title and message to the user's email", async () => {
    const panel = await admin();
    const response = await panel.post("/users/5?search=friend&notify=1", {
      intent: "notify",
      title: "  Hello  ",
      message: "  See you soon ",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/users/5?search=friend");
    expect(toastMessage((await panel.follow(response)).html)).toBe("Notification sent successfully");
    const [call] = await recordedRequests(stack.demo.url, "/fcm/send-notification-to-user");
    expect(call).toMatchObject({
      method: "POST",
      body: { email: "member@example.com", title: "Hello", body: "See you soon" },
    });
    const pushes = (await outbox(stack.demo.url, "member@example.com")).filter((message) => message.kind === "push");
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ subject: "Hello", text: "See you soon" });
  });

  it.each([
    { title: "", message: "Body" },
    { title: "Title", message: "   " },
  ])("refuses blank fields with the spec's message (%j)", async (fields) => {
    const panel = await admin();
    const response = await panel.post("/users/5?notify=1", { intent: "notify", ...fields });
    expect(response.status).toBe(400);
    const html = decodeEntities(await response.text());
    expect(html).toContain("Please fill in both title and message");
    expect(html).toContain('role="dialog"');
    expect(await recordedRequests(stack.demo.url, "/fcm")).toEqual([]);
  });

  it("keeps what was typed when the upstream refuses", async () => {
    await injectFault(stack.demo.url, {
      method: "POST",
      path: "/fcm/send-notification-to-user",
      status: 400,
      body: { message: "User has no registered devices" },
    });
    const panel = await admin();
    const response = await panel.post(`/users/5?notify=1`, {
      intent: "notify",
      title: "Kept title",
      message: "Kept message",
    });
    expect(response.status).toBe(400);
    const html = decodeEntities(await response.text());
    expect(toastMessage(html)).toBe("User has no registered devices");
    expect(html).toContain('value="Kept title"');
    expect(html).toContain("Kept message</textarea>");
  });

  it("shows 'Failed to send notification' on an upstream 500 page that is not the API's and keeps the input", async () => {
    await injectFault(stack.demo.url, {
      method: "POST",
      path: "/fcm/send-notification-to-user",
      status: 500,
      body: "<html><body>Internal Server Error</body></html>",
    });
    const panel = await admin();
    const response = await panel.post("/users/5?notify=1", { intent: "notify", title: "T1", message: "M1" });
    expect(response.status).toBe(502);
    const html = decodeEntities(await response.text());
    expect(toastMessage(html)).toBe("Failed to send notification");
    expect(html).toContain('value="T1"');
    expect(html).toContain("M1</textarea>");
  });

  it("refuses a user without an email with 'User email not found'", async () => {
    const details = await fetchUpstreamUser(5);
    // The action's read of the user answers an address-less user, once.
    await injectFault(stack.demo.url, {
      method: "GET",
      path: "/users/5",
      status: 200,
      times: 1,
      body: { data: { ...details, email: "" } },
    });
    const response = await (
      await admin()
    ).post("/users/5?notify=1", { intent: "notify", title: "Hi", message: "There" });
    expect(response.status).toBe(400);
    const html = decodeEntities(await response.text());
    expect(toastMessage(html)).toBe("User email not found");
    expect(html).toContain('value="Hi"');
    expect(await recordedRequests(stack.demo.url, "/fcm")).toEqual([]);
  });

  it("disables Send Push Notification for a user with no devices, with the reason", async () => {
    const user = await findUser((candidate) => candidate.devicesCount === 0);
    const panel = await admin();
    const html = decodeEntities(await (await panel.get(`/users/${user.id}`)).text());
    const button =
      /<button[^>]*aria-disabled="true"[^>]*aria-describedby="([^"]+)"[^>]*>(?:(?!<\/button>)[\s\S])*Send Push Notification/.exec(
        html,
      );
    expect(button).not.toBeNull();
    expect(html).toContain(`id="${button![1]}"`);
    expect(html).toMatch(new RegExp(`id="${button![1]}"[^>]*>No devices registered<`));
    expect(html).not.toContain("notify=1");
    // An old or pasted URL with the dialog open does not offer it either.
    expect(await (await panel.get(`/users/${user.id}?notify=1`)).text()).not.toContain('role="dialog"');
  });

  it("refuses a push to a user with no devices without calling the upstream", async () => {
    const user = await findUser((candidate) => candidate.devicesCount === 0);
    const response = await (
      await admin()
    ).post(`/users/${user.id}?notify=1`, { intent: "notify", title: "Hi", message: "There" });
    expect(response.status).toBe(400);
    expect(toastMessage(await response.text())).toBe("No devices registered");
    expect(await recordedRequests(stack.demo.url, "/fcm")).toEqual([]);
  });

  it("answers an unknown intent with 400", async () => {
    // Ban and Un-Ban are this page's actions too (docs/product.md#bans-with-an-end): "delete" is none.
    const response = await (await admin()).post("/users/5", { intent: "delete", title: "x", message: "y" });
    expect(response.status).toBe(400);
    expect(await recordedRequests(stack.demo.url, "/fcm")).toEqual([]);
    expect(await recordedRequests(stack.demo.url, "/users/ban")).toEqual([]);
  });

  it("answers an unknown user with the upstream's message", async () => {
    const response = await (
      await admin()
    ).post("/users/99999?notify=1", { intent: "notify", title: "x", message: "y" });
    expect(response.status).toBe(404);
    expect(toastMessage(await response.text())).toBe("User not found");
  });
});

describe("GET /users/view-invites/{id}", () => {
  it("shows the invites of the user with status filter and search", async () => {
    const panel = await admin();
    const html = decodeEntities(await (await panel.get("/users/view-invites/5")).text());
    expect(html).toContain("Invites of Mia Member");
    expect(html).toContain("Manage user invitations and their status");
    const rejected = await (await panel.get("/users/view-invites/5?status=rejected")).text();
    expect(invitedEmails(rejected)).toHaveLength(2);
    const searched = await (await panel.get("/users/view-invites/5?search=EXPIRED")).text();
    expect(invitedEmails(searched)).toHaveLength(2);
  });

  it("shows the empty states", async () => {
    const user = await findUser((candidate) => candidate.id > 5 && candidate.id % 9 !== 0);
    const panel = await admin();
    const empty = decodeEntities(await (await panel.get(`/users/view-invites/${user.id}`)).text());
    expect(empty).toContain("No Invites Found");
    expect(empty).toContain("This user hasn't sent any invites yet.");
    const none = decodeEntities(await (await panel.get("/users/view-invites/5?search=zzz")).text());
    expect(none).toContain("No invites match your search criteria.");
  });

  it("shows the error text for an unknown user", async () => {
    const response = await (await admin()).get("/users/view-invites/99999");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Some error occurred while fetching data");
  });
});

/** The href of the page's link whose text ends with `label` ("Back", "Go Back"), entities decoded. */
function linkHref(html: string, label: string): string | undefined {
  const links = [...html.matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>((?:(?!<\/a>)[\s\S])*)<\/a>/g)];
  const link = links.find(([, , text]) => text!.replace(/<[^>]*>/g, "").trim() === label);
  return link ? decodeEntities(link[1]!) : undefined;
}

describe("Back to the list, with or without JavaScript", () => {
  const list = "/users?page=2&limit=10&status=unverified&search=e";

  it("gives every row's details, invites and passport links the list's URL as back=", async () => {
    const html = decodeEntities(await (await (await admin()).get(list)).text());
    const links = [...html.matchAll(/href="(\/users\/(?:view-invites\/)?\d+(?:\/passport)?\?[^"]*)"/g)].map(
      ([, href]) => new URL(href!, stack.panel.url),
    );
    const kinds = new Set(links.map((url) => url.pathname.replace(/\d+/, "{id}")));
    expect(kinds).toEqual(new Set(["/users/{id}", "/users/view-invites/{id}", "/users/{id}/passport"]));
    for (const url of links) expect(url.searchParams.get("back")).toBe(list);
  });

  it("points Back on user details and on a user's invites, and Go Back on not-found, at that list, never off the panel", async () => {
    const panel = await admin();
    const back = `back=${encodeURIComponent(list)}`;
    expect(linkHref(await (await panel.get(`/users/5?${back}`)).text(), "Back")).toBe(list);
    expect(linkHref(await (await panel.get(`/users/view-invites/5?${back}`)).text(), "Back")).toBe(list);
    expect(linkHref(await (await panel.get(`/users/99999?${back}`)).text(), "Go Back")).toBe(list);
    expect(linkHref(await (await panel.get(`/users/view-invites/99999?${back}`)).text(), "Back")).toBe(list);
    // Filtering the invitees keeps the way back; a back= off the panel is never followed.
    const filtered = await (await panel.get(`/users/5?status=approved&back=${encodeURIComponent(list)}`)).text();
    expect(decodeEntities(filtered)).toContain(`type="hidden" name="back" value="${list}"`);
    for (const evil of ["//evil.test/users", "/\\evil.test", "https://evil.test/users"]) {
      const html = await (await panel.get(`/users/5?back=${encodeURIComponent(evil)}`)).text();
      expect(linkHref(html, "Back")).toBe("/users");
    }
    expect(linkHref(await (await panel.get("/users/5")).text(), "Back")).toBe("/users");
  });
});

describe("what the users screens show without JavaScript", () => {
  /** A users screen as the admin's browser gets it from the server. */
  const view = async (path: string) => htmlPage(await (await admin()).get(path));
  const rowsOf = (table: HTMLElement) => [...table.querySelectorAll("tbody tr")] as HTMLElement[];
  /** The users table's row that names `text`. */
  const rowOf = (screen: HtmlPage, text: string) =>
    within(rowsOf(screen.getByRole("table", { name: "Users" })).find((row) => row.textContent!.includes(text))!);

  it("lists ten accounts a page without the administrators, each row's links carrying the list", async () => {
    const screen = await view("/users");
    expect(screen.getByRole("heading", { level: 1, name: "Users" })).toBeTruthy();
    const table = screen.getByRole("table", { name: "Users" });
    for (const header of ["Avatar", "Name", "Email", "Verified", "Actions"])
      expect(within(table).getByRole("columnheader", { name: header })).toBeTruthy();
    expect(screen.getByText("Page 1 of 13")).toBeTruthy();
    expect(screen.getByText("130 accounts, administrators included (3 not listed on this page)")).toBeTruthy();
    expect(rowsOf(table)).toHaveLength(7);
    expect(within(table).queryByText("ops.admin@example.com")).toBeNull();
    expect(within(table).queryByText("Site Admin")).toBeNull();
    const mia = rowOf(screen, "Mia Member");
    expect(mia.getByRole("link", { name: "View Mia Member" }).getAttribute("href")).toBe("/users/5?back=%2Fusers");
    expect(mia.getByRole("link", { name: "View Invites Mia Member" }).getAttribute("href")).toBe(
      "/users/view-invites/5?back=%2Fusers",
    );
    expect(mia.getByText("Verified", { exact: true })).toBeTruthy();
  });

  it("falls back to the default picture, and offers Download Passport only to a user who has one", async () => {
    const user = await findUser((candidate) => Boolean(candidate.fullName) && !candidate.profilePic);
    const screen = await view(`/users?search=${encodeURIComponent(user.email)}`);
    const row = rowOf(screen, user.email);
    expect(row.getByRole("img", { name: `View ${user.fullName}` }).getAttribute("data-src")).toBe(
      "/default-avatar.svg",
    );
    const without = await findUser((candidate) => !candidate.passport);
    const withoutRow = rowOf(await view(`/users?search=${encodeURIComponent(without.email)}`), without.email);
    expect(withoutRow.getByRole("link", { name: /^View Invites / })).toBeTruthy();
    expect(withoutRow.queryByRole("link", { name: /^Download Passport/ })).toBeNull();
  });

  it("offers Verify User only when it applies, and otherwise says why", async () => {
    const awaiting = await findUser((user) => !user.isEmailVerified);
    const verified = await findUser((user) => user.isEmailVerified && user.status === "verified");
    const verifiable = await findUser((user) => user.isEmailVerified && user.status !== "verified");
    for (const [user, reason] of [
      [awaiting, "Awaiting Email Verification"],
      [verified, "User Verified"],
    ] as const) {
      const row = rowOf(await view(`/users?search=${encodeURIComponent(user.email)}`), user.email);
      // An unavailable action stays focusable (aria-disabled), described by its reason.
      const button = row.getByRole("button", { name: /^Verify User/, description: reason });
      expect(button.getAttribute("aria-disabled")).toBe("true");
      expect(row.queryByRole("link", { name: /^Verify User/ })).toBeNull();
    }
    const row = rowOf(await view(`/users?search=${encodeURIComponent(verifiable.email)}`), verifiable.email);
    expect(row.getByRole("link", { name: /^Verify User/ })).toBeTruthy();
  });

  it("shows a pasted URL's filters, search, page size and page", async () => {
    const screen = await view("/users?status=pending&citizenship=not-applied&search=o&limit=25&page=2");
    expect(valueOf(screen.getByLabelText("User Status"))).toBe("pending");
    expect(valueOf(screen.getByLabelText("Citizenship Status"))).toBe("not-applied");
    expect(valueOf(screen.getByRole("searchbox", { name: "Search users..." }))).toBe("o");
    expect(valueOf(screen.getByLabelText("Rows per page"))).toBe("25");
    expect(screen.getByText(/^Page 2 of \d+$/)).toBeTruthy();
  });

  it("opens each citizenship certificate in a new tab", async () => {
    const screen = await view("/users?citizenship=approved");
    const certificates = screen.getAllByRole("link", { name: /^Download certificate/ });
    expect(certificates.length).toBeGreaterThan(0);
    for (const certificate of certificates) {
      expect(certificate.getAttribute("target")).toBe("_blank");
      expect(certificate.getAttribute("rel")).toMatch(/noopener/);
      expect(certificate.getAttribute("href")).toMatch(/^\/users\/\d+\/certificate\?back=/);
    }
    // Opened through the panel: the upstream's file, and an entry that says who opened it.
    const panel = await admin();
    const href = certificates[0]!.getAttribute("href")!;
    const id = /^\/users\/(\d+)\//.exec(href)![1]!;
    const opened = await panel.get(href);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toMatch(/\/files\/certificates\/\d+\.pdf$/);
    const { rows } = await auditRows(panel, `?kind=user&target=${id}`);
    expect(rows[0]).toMatchObject({ Admin: "admin@example.com", Action: "Opened the certificate" });
  });

  it("shows every field of a user's details", async () => {
    const info = within((await view("/users/5")).getByRole("region", { name: "User information" }));
    for (const [label, value] of [
      ["Full Name", "Mia Member"],
      ["Email", "member@example.com"],
      ["Phone", "+1 555 0105"],
      ["Country", "United States"],
      ["Date of Birth", "Jun 14, 1992"],
      ["Status", "Verified"],
      ["Push Notifications", "2 device(s) registered"],
    ] as const) {
      expect(info.getByText(label, { exact: true }).parentElement!.textContent).toContain(value);
    }
  });

  it("shows the fallbacks of a user who gave no details", async () => {
    const anonymous = await findUser(
      (user) => !user.fullName && !user.phone && !user.country && user.devicesCount === 0,
    );
    const info = within((await view(`/users/${anonymous.id}`)).getByRole("region", { name: "User information" }));
    expect(info.getAllByText("Not provided")).toHaveLength(4);
    expect(info.queryByText("Date of Birth")).toBeNull();
    expect(info.getByText("No devices registered")).toBeTruthy();
    expect(info.getAllByText(anonymous.email).length).toBeGreaterThan(0);
  });

  it("lists the invitees with their statuses, and says when a user invited nobody", async () => {
    const screen = await view("/users/5");
    expect(screen.getByRole("heading", { name: "Invitees (8)" })).toBeTruthy();
    const table = screen.getByRole("table", { name: "Invitees" });
    for (const header of ["Email", "Status", "Invite Date"])
      expect(within(table).getByRole("columnheader", { name: header })).toBeTruthy();
    const rows = rowsOf(table);
    expect(rows).toHaveLength(8);
    for (const status of ["Pending", "Approved", "Expired", "Rejected"])
      expect(rows.filter((row) => row.textContent!.includes(status))).toHaveLength(2);

    const user = await findUser((candidate) => candidate.id > 5 && candidate.id % 9 !== 0);
    const nobody = await view(`/users/${user.id}`);
    expect(nobody.getByRole("heading", { name: "Invitees (0)" })).toBeTruthy();
    expect(nobody.getByText("No Invitees Found")).toBeTruthy();
    expect(nobody.getByText("This user hasn't sent any invitations yet.")).toBeTruthy();
  });

  it("shows a user's invites, expired ones as raw text, and Back to /users without a list to return to", async () => {
    const screen = await view("/users/view-invites/5");
    expect(screen.getByRole("heading", { name: "Invites of Mia Member" })).toBeTruthy();
    const rows = rowsOf(screen.getByRole("table", { name: "Invites of Mia Member" }));
    expect(rows).toHaveLength(8);
    // Expired is not one of this screen's badges.
    expect(rows.filter((row) => row.textContent!.includes("expired"))).toHaveLength(2);
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/users");
  });
});
