// The roles page (docs/product.md#roles): the Owner (OWNER_EMAILS) lists the admins who signed in,
// changes a role, resets a second factor and ends an admin's sessions, each an entry on /audit; a
// role change holds at the admin's next request, on the embedded engine and across two instances
// sharing one Redis.
import { within } from "@testing-library/dom";
import { describe, expect, it } from "vitest";

import { auditRows } from "../support/audit-page";
import { confirm, finishedResults, reviewPath } from "../support/bulk";
import { demoUsers } from "../support/demo-data";
import { injectFault, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { htmlPage } from "../support/html";
import { useStack, useTwoPanelsOnRedis } from "../support/use-stack";
import { base32Decode, totpCode } from "~/session/second-factor-totp.server";

const OWNER = "admin@example.com";
const OPS = "ops.admin@example.com";
const PASSWORD = "Admin12345";
const NO_ACCESS = "You do not have access to this page";

/** The roles page's admins as the Owner reads them: each card by its email. */
async function adminCards(owner: PanelClient) {
  const response = await owner.get("/roles");
  expect(response.status).toBe(200);
  const page = await htmlPage(response);
  const items = within(page.getByRole("list", { name: "Admins" })).getAllByRole("listitem");
  return new Map(
    items.map((item) => [within(item).getByText(/@example\.com$/, { selector: "dd" }).textContent!, item]),
  );
}

/** The upstream id of the account `email` (what the roles page's forms post). */
async function idOf(demoUrl: string, email: string): Promise<string> {
  return String((await demoUsers(demoUrl)).find((user) => user.email === email)!.id);
}

/** Enrols the admin `client` is signed in as in a second factor. */
async function enrol(client: PanelClient): Promise<void> {
  const html = await (await client.get("/account/two-factor")).text();
  const key = /data-testid="totp-key"[^>]*>([A-Z2-7 ]+)</.exec(html)![1]!;
  const answer = await client.post("/account/two-factor", {
    intent: "confirm",
    code: totpCode(base32Decode(key), Date.now()),
  });
  expect(answer.status).toBe(200);
}

describe("the roles page, on the embedded engine", { timeout: 120_000 }, () => {
  const stack = useStack({ OWNER_EMAILS: OWNER });

  it("asks an Owner to confirm it's them before a role change, then changes it once (decision 080)", async () => {
    await PanelClient.signedIn(stack.panel.url, OPS, PASSWORD);
    const owner = await PanelClient.signedIn(stack.panel.url, OWNER, PASSWORD);
    const id = await idOf(stack.demo.url, OPS);
    const held = await owner.post("/roles", { intent: "change-role", id, role: "MODERATOR" });
    expect(held.status, held.headers.get("location") ?? "").toBe(303);
    const challenge = held.headers.get("location") ?? "";
    const key = /^\/account\/confirm\?pending=([A-Za-z0-9_-]{22})$/.exec(challenge)?.[1];
    expect(key, challenge).toBeTruthy();
    expect(decodeEntities(await (await owner.get(challenge)).text())).toContain(
      `Change the role of ${OPS} to Moderator`,
    );
    expect(within((await adminCards(owner)).get(OPS)!).getByText("Admin", { selector: ".badge" })).toBeTruthy();

    const answered = await owner.post(challenge, { _resume: key!, password: PASSWORD });
    expect(answered.status).toBe(307);
    expect(answered.headers.get("location")).toBe("/roles");
    const resumed = await owner.post("/roles", { _resume: key!, password: PASSWORD });
    expect(toastMessage((await owner.follow(resumed)).html)).toBe("Role changed");
    expect(within((await adminCards(owner)).get(OPS)!).getByText("Moderator", { selector: ".badge" })).toBeTruthy();
    const changes = (await auditRows(owner, "?action=change-role")).rows.filter((row) =>
      row.Result?.startsWith("Done"),
    );
    expect(changes).toHaveLength(1);
    // Back to Admin for the tests that follow.
    await owner.post("/roles", { intent: "change-role", id, role: "ADMIN" });
  });

  it("lists who signed in, and a role the Owner changes holds at the admin's next request, on /audit", async () => {
    const ops = await PanelClient.signedIn(stack.panel.url, OPS, PASSWORD);
    await PanelClient.signedIn(stack.panel.url, "moderator@example.com", "Moderator12345");
    const owner = await PanelClient.reauthenticated(stack.panel.url, OWNER, PASSWORD);
    expect((await ops.get("/audit")).status).toBe(200);

    const cards = await adminCards(owner);
    expect([...cards.keys()].sort()).toEqual([OWNER, "moderator@example.com", OPS]);
    expect(within(cards.get(OWNER)!).getByText("Owner", { selector: ".badge" })).toBeTruthy();
    expect(within(cards.get(OPS)!).getByText("Admin", { selector: ".badge" })).toBeTruthy();
    // An upstream moderator is at most a Viewer: nothing to change; the Owner changes no one's own card.
    expect(within(cards.get("moderator@example.com")!).getByText("Viewer", { selector: ".badge" })).toBeTruthy();
    expect(within(cards.get("moderator@example.com")!).queryByRole("button", { name: /Change role/ })).toBeNull();
    expect(within(cards.get(OWNER)!).queryByRole("button")).toBeNull();

    const changed = await owner.post("/roles", {
      intent: "change-role",
      id: await idOf(stack.demo.url, OPS),
      role: "VIEWER",
    });
    expect(toastMessage((await owner.follow(changed)).html)).toBe("Role changed");

    const refused = await ops.get("/audit");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(NO_ACCESS);
    const home = await htmlPage(await ops.get("/"));
    expect(home.queryByRole("link", { name: /Audit/ })).toBeNull();

    const { rows } = await auditRows(owner, `?admin=${encodeURIComponent(OWNER)}`);
    expect(rows[0]).toMatchObject({ Action: "Changed the role", Result: "DoneAdmin → Viewer" });
    expect(rows[0]!.Target).toContain(OPS);
    const opsRows = (await auditRows(owner, `?admin=${encodeURIComponent(OPS)}`)).rows;
    expect(opsRows[0]).toMatchObject({ Action: "Opened" });
    expect(opsRows[0]!.Result).toMatch(/^Refused/);
  });

  it("refuses a change an Owner may not make: an upstream moderator made an Admin, their own role", async () => {
    await PanelClient.signedIn(stack.panel.url, "moderator@example.com", "Moderator12345");
    const owner = await PanelClient.reauthenticated(stack.panel.url, OWNER, PASSWORD);
    const moderatorId = await idOf(stack.demo.url, "moderator@example.com");
    const promoted = await owner.post("/roles", { intent: "change-role", id: moderatorId, role: "ADMIN" });
    expect(toastMessage((await owner.follow(promoted)).html)).toBe(
      "The upstream does not have this account as an admin: it is at most a Viewer",
    );
    const own = await owner.post("/roles", {
      intent: "change-role",
      id: await idOf(stack.demo.url, OWNER),
      role: "VIEWER",
    });
    expect(toastMessage((await owner.follow(own)).html)).toBe(
      "Your own role, factor and sessions are changed on your account pages, not here",
    );
    const bad = await owner.post("/roles", {
      intent: "change-role",
      id: await idOf(stack.demo.url, OPS),
      role: "OWNER",
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Choose Admin, Moderator or Viewer");
  });

  it("finds no citizenship request by its phone for a Viewer, who cannot see phones", async () => {
    const pending = (await demoUsers(stack.demo.url)).find(
      (user) => user.badgeRequestStatus === 1 && user.phone && user.fullName,
    )!;
    const search = `/badge-requests?search=${encodeURIComponent(pending.phone!)}`;
    // The Owner (an earlier test made ops.admin a Viewer: the panel's records outlive the demo's reseed).
    const owner = await PanelClient.reauthenticated(stack.panel.url, OWNER, PASSWORD);
    const viewer = await PanelClient.signedIn(stack.panel.url, "moderator@example.com", "Moderator12345");
    const found = decodeEntities(await (await owner.get(search)).text());
    expect(found).toContain(pending.fullName!);
    const seen = decodeEntities(await (await viewer.get(search)).text());
    expect(seen).toContain("No requests match your search criteria.");
    expect(seen).not.toContain(pending.fullName!);
  });

  it("offers a Moderator no Retry of an Owner's verify batch, and refuses one posted", async () => {
    const owner = await PanelClient.reauthenticated(stack.panel.url, OWNER, PASSWORD);
    const moderator = await PanelClient.signedIn(stack.panel.url, "support.admin@example.com", PASSWORD);
    await owner.post("/roles", {
      intent: "change-role",
      id: await idOf(stack.demo.url, "support.admin@example.com"),
      role: "MODERATOR",
    });
    const member = (await demoUsers(stack.demo.url)).find(
      (user) => user.role === "user" && user.isEmailVerified && user.status !== "verified" && !user.isBanned,
    )!;
    await injectFault(stack.demo.url, { method: "POST", path: `/users/verify/${member.id}`, status: 503, times: 1 });
    const confirmed = await confirm(owner, reviewPath("users", "verify", [member.id]));
    const results = confirmed.headers.get("location")!;
    expect(await finishedResults(owner, confirmed)).toContain("Retry failed (1)");

    const seen = await moderator.get(results);
    expect(seen.status).toBe(200);
    expect(await seen.text()).not.toContain("Retry failed");
    const retried = await moderator.post(results, { intent: "retry" });
    expect(retried.status).toBe(403);
    expect(await retried.text()).toContain(NO_ACCESS);
    expect(await recordedRequests(stack.demo.url, `/users/verify/${member.id}`)).toHaveLength(1);
  });

  it("resets another admin's second factor and ends their sessions, each on /audit", async () => {
    const ops = await PanelClient.signedIn(stack.panel.url, OPS, PASSWORD);
    await enrol(ops);
    const owner = await PanelClient.reauthenticated(stack.panel.url, OWNER, PASSWORD);
    const id = await idOf(stack.demo.url, OPS);
    expect(within((await adminCards(owner)).get(OPS)!).getByText("On")).toBeTruthy();

    const reset = await owner.post("/roles", { intent: "reset-second-factor", id });
    expect(toastMessage((await owner.follow(reset)).html)).toBe(
      "Two-factor authentication reset: they set it up again at their next sign-in",
    );
    expect(within((await adminCards(owner)).get(OPS)!).getByText("Off")).toBeTruthy();

    expect((await ops.get("/users")).status).toBe(200);
    const ended = await owner.post("/roles", { intent: "end-sessions", id });
    expect(toastMessage((await owner.follow(ended)).html)).toMatch(
      /^Signed ops\.admin@example\.com out of \d+ sessions?$/,
    );
    const next = await ops.get("/users");
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toContain("/login");

    const { rows } = await auditRows(owner, `?admin=${encodeURIComponent(OWNER)}`);
    const actions = rows.map((row) => row.Action);
    expect(actions).toContain("Reset two-factor authentication");
    expect(actions).toContain("Signed out");
  });
});

describe("a role changed on one instance, with two sharing one Redis", { timeout: 120_000 }, () => {
  const { stack, second } = useTwoPanelsOnRedis({ OWNER_EMAILS: OWNER });

  it("holds at the admin's next request on the other instance", async () => {
    const there = await PanelClient.signedIn(second().url, OPS, PASSWORD);
    expect((await there.get("/audit")).status).toBe(200);
    const owner = await PanelClient.reauthenticated(stack.panel.url, OWNER, PASSWORD);
    const changed = await owner.post("/roles", {
      intent: "change-role",
      id: await idOf(stack.demo.url, OPS),
      role: "MODERATOR",
    });
    expect(changed.status).toBe(302);
    expect((await there.get("/audit")).status).toBe(403);
    // A Moderator bans: the users list offers it.
    expect(await (await there.get("/users")).text()).toContain("confirm=ban");
  });
});
