// Issue 23, what the panel leaks or mislabels (docs/decisions/034-one-key-per-cookie.md): a signed
// cookie standing in for another, pages without Cache-Control, an avatar from another site on
// every page, and a timed-out change reported as failed. Over real HTTP: the built panel in
// front of the real demo API.
import { describe, expect, it } from "vitest";

import { holdCalls, injectFault, recordedRequests } from "../support/demo-hooks";
import { findDemoUser } from "../support/demo-data";
import { PanelClient, toastMessage } from "../support/form-post";
import { useStack } from "../support/use-stack";

const stack = useStack();

const VICTIM = "member@example.com";

describe("signed cookies", () => {
  it("a password reset request's cookie does not open the account deletion key step", async () => {
    const attacker = new PanelClient(stack.panel.url);
    const requested = await attacker.post("/forgot-password", { email: VICTIM });
    expect(requested.status).toBe(302);
    const remembered = attacker.cookie("password_reset_request");
    expect(remembered).toBeTruthy();

    // Both cookies hold { email }: the same signed value, moved under the other name.
    attacker.setCookie("account_deletion", remembered!);
    const keyStep = await attacker.get("/delete-account?step=key");
    expect(keyStep.status).toBe(302);
    expect(keyStep.headers.get("location")).toBe("/delete-account");
    const { html } = await attacker.follow(keyStep);
    expect(html).not.toContain(VICTIM);
  });

  it("the deletion's own cookie still leads to the key step", async () => {
    const member = new PanelClient(stack.panel.url);
    const sent = await member.post("/delete-account", { intent: "generate-key", email: VICTIM });
    expect(sent.status).toBe(302);
    const keyStep = await member.get("/delete-account?step=key");
    expect(keyStep.status).toBe(200);
    expect(await keyStep.text()).toContain(VICTIM);
  });
});

describe("caching", () => {
  /** The hashed scripts and styles a page links to. */
  function assetPaths(html: string): string[] {
    return [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
  }

  it("answers every page and data request with Cache-Control: private, no-store", async () => {
    const visitor = new PanelClient(stack.panel.url);
    await visitor.post("/forgot-password", { email: VICTIM });
    const admin = await PanelClient.signedIn(stack.panel.url);
    const pages: [PanelClient, string][] = [
      [visitor, "/forgot-password"],
      [visitor, "/forgot-password?sent=1"],
      [visitor, "/login"],
      [visitor, "/delete-account"],
      [visitor, "/no-such-page"],
      [visitor, "/forgot-password.data"],
      [admin, "/"],
      [admin, "/users"],
      [admin, "/users.data?page=2"],
      [admin, "/announcements"],
    ];
    for (const [client, path] of pages) {
      const response = await client.get(path);
      await response.arrayBuffer();
      expect.soft(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("still compresses pages as they stream", async () => {
    const page = await fetch(new URL("/login", stack.panel.url), { headers: { "accept-encoding": "br" } });
    await page.arrayBuffer();
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("content-encoding")).toBe("br");
  });

  it("leaves the hashed assets cached for good, the precompressed ones included", async () => {
    const html = await (await new PanelClient(stack.panel.url).get("/login")).text();
    const encodings: (string | null)[] = [];
    for (const path of assetPaths(html)) {
      const asset = await fetch(new URL(path, stack.panel.url), { headers: { "accept-encoding": "br" } });
      await asset.arrayBuffer();
      expect(asset.status, path).toBe(200);
      expect(asset.headers.get("cache-control"), path).toBe("public, max-age=31536000, immutable");
      encodings.push(asset.headers.get("content-encoding"));
    }
    expect(encodings).toContain("br");
  });
});

describe("the signed-in admin's avatar", () => {
  const TRACKER = "https://tracker.example.test/pixel.gif?who=admin";

  /** Signs `client` in again, the upstream answering with `avatar` (its session stays that of the first sign-in). */
  async function signInWithAvatar(client: PanelClient, avatar: string): Promise<void> {
    await injectFault(stack.demo.url, {
      method: "POST",
      path: "/auth/signin",
      status: 200,
      times: 1,
      body: {
        message: "Signed in",
        data: { user: { id: 1, role: "admin", userName: "Ada Admin", email: "admin@example.com", avatar } },
      },
    });
    await client.signIn();
  }

  it("shows an avatar on the API's own origin", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    const html = await (await admin.get("/memberships")).text();
    // Drawn as a background (decision 038), so a link that fails shows no broken image.
    expect(html).toMatch(new RegExp(`data-testid="avatar" data-src="${stack.demo.url}/files/avatars/1\\.svg"`));
  });

  it("never puts an avatar from another site in the page, and shows the initial instead", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    await signInWithAvatar(admin, TRACKER);
    // A screen with no other avatar than the admin's own.
    const response = await admin.get("/memberships");
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).not.toContain("tracker.example.test");
    expect(html).not.toContain('data-testid="avatar"');
    // The shell shows the initial of the admin's name instead.
    expect(html).toMatch(/<span aria-hidden="true" class="[^"]*rounded-full[^"]*">A<\/span>/);
  });
});

describe("a change the upstream answers too late", () => {
  it("tells the admin the ban may have happened, and to check, rather than that it failed", async () => {
    const user = await findDemoUser(stack.demo.url, (candidate) => !candidate.isBanned && candidate.role !== "admin");
    const admin = await PanelClient.signedIn(stack.panel.url);
    // The ban arrives and is held until the panel has stopped waiting (its UPSTREAM_TIMEOUT_MS) ...
    const held = await holdCalls(stack.demo.url, { method: "GET", path: `/users/ban/${user.id}`, times: 1 });

    const response = await admin.post(`/users?confirm=ban&id=${user.id}`, { intent: "ban", id: String(user.id) });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/users");
    const { html } = await admin.follow(response);
    expect(toastMessage(html)).toBe(
      "No answer from the server in time: the request to ban the user was sent and may have gone through. Reload to check before trying again.",
    );

    // ... and then goes through: the demo API carries it out (and records it) once released.
    expect(await held.release()).toBe(1);
    expect((await recordedRequests(stack.demo.url, `/users/ban/${user.id}`)).map((call) => call.status)).toEqual([200]);
  });

  it("still says 'Failed to ban user' when a proxy answered with a failure page", async () => {
    const user = await findDemoUser(stack.demo.url, (candidate) => !candidate.isBanned && candidate.role !== "admin");
    const admin = await PanelClient.signedIn(stack.panel.url);
    await injectFault(stack.demo.url, {
      method: "GET",
      path: `/users/ban/${user.id}`,
      status: 503,
      times: 1,
      body: "<html><body>Service Unavailable</body></html>",
    });
    const response = await admin.post(`/users?confirm=ban&id=${user.id}`, { intent: "ban", id: String(user.id) });
    const { html } = await admin.follow(response);
    expect(toastMessage(html)).toBe("Failed to ban user");
  });
});
