// The email-link pages as the real world meets them (issue 16), over real HTTP: mail scanners
// (HEAD, a GET that follows nothing), phones of each platform, members, and mistakes. A built panel
// in front of the real demo API; emails come from its outbox, upstream calls from its request log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { injectFault, outbox, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { htmlPage } from "../support/html";
import { useRedis } from "../support/redis-server";
import { type RunningServer, startPanel } from "../support/servers";
import { useStack } from "../support/use-stack";
import { BrowserClient, UA } from "../support/user-agents";

const APP_LINKS = {
  APP_DOWNLOAD_URL: "https://downloads.example.test/community",
  ANDROID_APP_URL: "https://play.example.test/store/apps/details?id=community",
  IOS_APP_URL: "https://testflight.example.test/join/community",
};

const APP_LINK_UNAVAILABLE = "The app link is not available yet. Please try again later.";

const stack = useStack(APP_LINKS);
/** A panel on the same demo API with no app link configured (the default). */
let noLinks: RunningServer;

beforeAll(async () => {
  noLinks = await startPanel(`${stack.demo.url}/api`);
});

afterAll(async () => {
  await noLinks?.stop();
});

function client(baseUrl = stack.panel.url) {
  return new BrowserClient(baseUrl);
}

/** The page's visible text: markup and scripts removed, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  const body = html.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ");
  return decodeEntities(body).replace(/\s+/g, " ").trim();
}

async function page(response: Response) {
  const html = await response.text();
  return { status: response.status, html, text: visibleText(html) };
}

/** The value attribute of the input named `name`, if it has one. */
function inputValue(html: string, name: string): string | undefined {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (!input) throw new Error(`no input named ${name}`);
  const value = /value="([^"]*)"/.exec(input)?.[1];
  return value === undefined ? undefined : decodeEntities(value);
}

/** The hrefs of the page's links, entities decoded. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/<a[^>]*href="([^"]*)"/g)].map((match) => decodeEntities(match[1]!));
}

/** The URL a `<meta http-equiv="refresh">` moves on to, if the page has one. */
function refreshTarget(html: string): string | undefined {
  const content = /<meta http-equiv="refresh" content="([^"]*)"/.exec(html)?.[1];
  return content === undefined ? undefined : decodeEntities(content).replace(/^0;url=/, "");
}

/** A seeded, unexpired verification token (the n-th one), from the demo outbox. */
async function verificationToken(n: number): Promise<string> {
  const mails = (await outbox(stack.demo.url)).filter((mail) => mail.token?.startsWith("verify-"));
  // The last seeded one is expired on purpose.
  const token = mails.slice(0, -1)[n]?.token;
  if (!token) throw new Error(`no seeded verification token #${n}`);
  return token;
}

const verifyCalls = () => recordedRequests(stack.demo.url, "/auth/verify-email");

describe("verify: a scanner cannot spend the link", () => {
  it("answers HEAD and a GET that follows nothing with 'Loading', and calls no upstream", async () => {
    const token = await verificationToken(0);
    const head = await fetch(`${stack.panel.url}/verify?token=${token}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    const headOfCheck = await fetch(`${stack.panel.url}/verify?token=${token}&step=check`, { method: "HEAD" });
    expect(headOfCheck.status).toBe(200);

    const scanner = await client().get(`/verify?token=${token}`);
    const loading = await page(scanner);
    expect(loading.status).toBe(200);
    expect(loading.text).toContain("Loading");
    expect(loading.text).toContain("Please wait while we verify your data.");
    expect(scanner.headers.get("cache-control")).toBe("private, no-store");
    expect(await verifyCalls()).toEqual([]);

    // The page moves on by itself to the step that verifies, without JavaScript: a refresh.
    expect(refreshTarget(loading.html)).toBe(`/verify?token=${token}&step=check`);
    // A form (not a link, which crawling scanners follow) for a browser that ignores refreshes.
    expect(loading.html).toMatch(/<form[^>]*action="\/verify" method="get"/);
    expect(hrefs(loading.html).some((href) => href.includes(token))).toBe(false);
  });

  it("verifies on the step the page moves on to, then shows the result at a URL without the token", async () => {
    const token = await verificationToken(1);
    const browser = client();
    const loading = await page(await browser.get(`/verify?token=${token}`));
    const check = await browser.get(refreshTarget(loading.html)!);
    expect(check.status).toBe(303);
    expect(check.headers.get("location")).toBe("/verify?done=1");
    expect((await verifyCalls()).map((call) => call.query)).toEqual([{ token }]);

    const result = await page(await browser.get("/verify?done=1"));
    expect(result.status).toBe(200);
    expect(result.text).toContain("Account verified successfully");

    // A reload stays a success, and so does the email link opened again: no second upstream call.
    expect((await page(await browser.get("/verify?done=1"))).text).toContain("Account verified successfully");
    const again = await browser.get(`/verify?token=${token}`);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/verify?done=1");
    expect(await verifyCalls()).toHaveLength(1);

    // Without the browser's cookie the result URL is just a URL without a token: the 404 page.
    expect((await client().get("/verify?done=1")).status).toBe(404);
  });

  it("shows 'Verification Link Invalid' for a refused token, and keeps showing it on reload", async () => {
    const browser = client();
    const check = await browser.get("/verify?token=verify-0-nope&step=check");
    expect(check.headers.get("location")).toBe("/verify?done=1");
    const result = await page(await browser.get("/verify?done=1"));
    expect(result.status).toBe(400);
    expect(result.text).toContain("Verification Link Invalid");
  });

  it.each([
    ["a 500", { status: 500 }],
    ["a 503 with a message", { status: 503, body: { message: "Maintenance" } }],
    ["a 429", { status: 429 }],
  ])("treats %s as a retry state, not an invalid link; the same link works afterwards", async (_label, fault) => {
    const token = await verificationToken(2);
    await injectFault(stack.demo.url, { method: "GET", path: "/auth/verify-email*", times: 1, ...fault });
    const failed = await page(await client().get(`/verify?token=${token}&step=check`));
    expect(failed.status).toBe(503);
    expect(failed.text).toContain("Verification not finished");
    expect(failed.text).not.toContain("Verification Link Invalid");
    expect(hrefs(failed.html)).toContain(`/verify?token=${token}`);

    const browser = client();
    const retried = await browser.get(`/verify?token=${token}&step=check`);
    expect(retried.headers.get("location")).toBe("/verify?done=1");
    expect((await page(await browser.get("/verify?done=1"))).text).toContain("Account verified successfully");
  });
});

const BINGBOT = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";
const HEADLESS_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36";

describe("verify: a known crawler never spends the link", () => {
  it.each([
    ["bingbot", BINGBOT],
    ["a headless browser", HEADLESS_CHROME],
  ])("%s gets 'Loading' without a refresh, even on &step=check; the person then verifies", async (_name, crawler) => {
    const token = await verificationToken(3);
    const bot = client();
    const first = await page(await bot.get(`/verify?token=${token}`, { "user-agent": crawler }));
    expect(first.text).toContain("Please wait while we verify your data.");
    expect(refreshTarget(first.html)).toBeUndefined();
    // Following the refresh a browser would get, or the Continue form: still nothing spent.
    const check = await bot.get(`/verify?token=${token}&step=check`, { "user-agent": crawler });
    expect(check.status).toBe(200);
    expect(refreshTarget((await page(check)).html)).toBeUndefined();
    expect(await verifyCalls()).toEqual([]);

    const person = client();
    expect((await person.get(`/verify?token=${token}&step=check`)).headers.get("location")).toBe("/verify?done=1");
    const result = await page(await person.get("/verify?done=1"));
    expect(result.text).toContain("Account verified successfully");
    expect(result.text).toContain("Your email address is confirmed.");
    expect((await verifyCalls()).map((call) => call.query)).toEqual([{ token }]);
  });
});

describe.each([{ engine: "memory" }, { engine: "Redis" }])(
  "verify: a link spent first elsewhere, record in $engine",
  ({ engine }) => {
    const panelEnv: NodeJS.ProcessEnv = {};
    // Registered before useStack's hooks, so the panel starts with REDIS_URL set.
    if (engine === "Redis") useRedis(panelEnv);
    const spentStack = useStack(panelEnv);
    // With Redis the person meets another instance than the scanner did; in memory, the same one.
    let other: RunningServer | undefined;
    beforeAll(async () => {
      if (engine === "Redis") other = await startPanel(`${spentStack.demo.url}/api`, panelEnv);
    });
    afterAll(async () => {
      await other?.stop();
    });

    it("tells the person who comes second that the account is verified; a bad link stays invalid", async () => {
      const mails = (await outbox(spentStack.demo.url)).filter((mail) => mail.token?.startsWith("verify-"));
      const token = mails[0]!.token!;
      // A scanner that does not name itself (a browser's User-Agent, its own cookie jar) spends it.
      const scanner = new BrowserClient(spentStack.panel.url);
      await scanner.get(`/verify?token=${token}&step=check`);
      expect((await page(await scanner.get("/verify?done=1"))).text).toContain("Account verified successfully");

      const person = new BrowserClient(other?.url ?? spentStack.panel.url);
      const check = await person.get(`/verify?token=${token}&step=check`);
      expect(check.headers.get("location")).toBe("/verify?done=1");
      const result = await page(await person.get("/verify?done=1"));
      expect(result.status).toBe(200);
      expect(result.text).toContain("Account verified successfully");
      expect(result.text).toContain("This link was already used, and it confirmed your email address.");
      expect(result.text).not.toContain("Verification Link Invalid");
      // The upstream refused the second use: only the panel's record told them apart.
      const calls = await recordedRequests(spentStack.demo.url, "/auth/verify-email");
      expect(calls.map((call) => call.status)).toEqual([200, 400]);

      const stranger = new BrowserClient(other?.url ?? spentStack.panel.url);
      await stranger.get(`/verify?token=${token}x&step=check`);
      expect((await page(await stranger.get("/verify?done=1"))).text).toContain("Verification Link Invalid");
    });
  },
);

describe("app links per platform", () => {
  async function verifiedPage(baseUrl: string, userAgent: string, n: number) {
    const browser = client(baseUrl);
    await browser.get(`/verify?token=${await verificationToken(n)}&step=check`, { "user-agent": userAgent });
    return page(await browser.get("/verify?done=1", { "user-agent": userAgent }));
  }

  it("verify offers each phone its own store, and desktops the download link and both stores", async () => {
    const android = await verifiedPage(stack.panel.url, UA.android, 3);
    expect(hrefs(android.html)).toContain(APP_LINKS.ANDROID_APP_URL);
    expect(hrefs(android.html)).not.toContain(APP_LINKS.IOS_APP_URL);
    expect(hrefs(android.html)).not.toContain(APP_LINKS.APP_DOWNLOAD_URL);

    const iphone = await verifiedPage(stack.panel.url, UA.iphone, 4);
    expect(hrefs(iphone.html)).toContain(APP_LINKS.IOS_APP_URL);
    expect(hrefs(iphone.html)).not.toContain(APP_LINKS.ANDROID_APP_URL);

    const desktop = await verifiedPage(stack.panel.url, UA.desktop, 5);
    expect(hrefs(desktop.html)).toEqual(
      expect.arrayContaining([APP_LINKS.APP_DOWNLOAD_URL, APP_LINKS.ANDROID_APP_URL, APP_LINKS.IOS_APP_URL]),
    );
  });

  it("verify tells a phone without a configured link that it is not available yet", async () => {
    const android = await verifiedPage(noLinks.url, UA.android, 6);
    expect(android.text).toContain("Account verified successfully");
    expect(android.text).toContain(APP_LINK_UNAVAILABLE);
  });

  it("accept-invite shows an Android phone only the Play link", async () => {
    const response = await client().get("/accept-invite?token=invite-1", { "user-agent": UA.android });
    const { html } = await page(response);
    expect(hrefs(html)).toContain(APP_LINKS.ANDROID_APP_URL);
    expect(hrefs(html)).not.toContain(APP_LINKS.IOS_APP_URL);
    expect(response.headers.get("vary")).toContain("User-Agent");
  });

  it("/get-app says 'Redirecting to the app store...' and moves on to the phone's store by itself", async () => {
    for (const [agent, store] of [
      [UA.android, APP_LINKS.ANDROID_APP_URL],
      [UA.iphone, APP_LINKS.IOS_APP_URL],
    ] as const) {
      const response = await client().get("/get-app", { "user-agent": agent });
      const { status, html, text } = await page(response);
      expect(status).toBe(200);
      expect(text).toContain("Redirecting to the app store...");
      expect(refreshTarget(html)).toBe(store);
      expect(hrefs(html)).toContain(store);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("/get-app tells a phone without a configured link that it is not available yet, with no refresh", async () => {
    const { html, text } = await page(await client(noLinks.url).get("/get-app", { "user-agent": UA.iphone }));
    expect(text).toContain(APP_LINK_UNAVAILABLE);
    expect(text).not.toContain("Not a supported mobile platform.");
    expect(refreshTarget(html)).toBeUndefined();
  });

  it("/get-app keeps 'Not a supported mobile platform.' for a desktop, with the configured links", async () => {
    const { html, text } = await page(await client().get("/get-app", { "user-agent": UA.desktop }));
    expect(text).toContain("Not a supported mobile platform.");
    expect(hrefs(html)).toContain(APP_LINKS.APP_DOWNLOAD_URL);
    expect(refreshTarget(html)).toBeUndefined();
  });

  it("the server warns once at boot for each missing app link, and not for configured ones", async () => {
    const warnings = (output: string) =>
      output
        .split("\n")
        .filter((line) => line.includes('"level":"warn"') && line.includes("_URL is not set"))
        .map((line) => (JSON.parse(line) as { msg: string }).msg.split(" ")[0]);
    expect(warnings(noLinks.output())).toEqual(["ANDROID_APP_URL", "IOS_APP_URL", "APP_DOWNLOAD_URL"]);
    expect(warnings(stack.panel.output())).toEqual([]);
  });
});

describe("pages that know who arrives", () => {
  it("after a reset the page says the password changed and leads to the app; admin sign-in is a link", async () => {
    const email = "member@example.com";
    await client().post("/forgot-password", { email });
    const token = (await outbox(stack.demo.url, email)).at(-1)!.token!;
    const browser = client();
    const response = await browser.post(`/reset-password?token=${token}`, {
      password: "Member-New-1",
      confirmPassword: "Member-New-1",
    });
    expect(response.headers.get("location")).toBe("/reset-password?done=1");
    const done = await page(await browser.get("/reset-password?done=1", { "user-agent": UA.iphone }));
    expect(done.text).toContain("Password changed");
    expect(done.text).toContain("Password reset successfully! You can now login with your new password.");
    expect(hrefs(done.html)).toContain(APP_LINKS.IOS_APP_URL);
    expect(done.html).toMatch(/<a[^>]*href="\/login"[^>]*>Sign in to the Admin Dashboard<\/a>/);
    // A reload says the same; a pasted URL without the cookie is the invalid-link state.
    expect((await page(await browser.get("/reset-password?done=1"))).text).toContain("Password changed");
    expect((await page(await client().get("/reset-password?done=1"))).text).toContain("Invalid Reset Link");
  });

  it("a member who signs in gets a page about the panel and the app, not the admin form", async () => {
    const response = await client().post(
      "/login",
      { email: "member@example.com", password: "Member12345" },
      { "user-agent": UA.android },
    );
    const { status, html, text } = await page(response);
    expect(status).toBe(403);
    expect(text).toContain("This panel is for administrators");
    expect(text).toContain("Access denied. Admins only.");
    expect(hrefs(html)).toContain(APP_LINKS.ANDROID_APP_URL);
    expect(html).not.toContain('name="password"');
  });

  it("an admin whose upstream session expired is told so, and returns to the page after signing in", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    await injectFault(stack.demo.url, { method: "GET", path: "/posts", status: 401, times: 1 });
    const expired = await admin.get("/posts?search=a");
    const location = expired.headers.get("location")!;
    expect(location).toBe("/login?redirectTo=%2Fposts%3Fsearch%3Da&expired=1");
    const login = await page(await admin.get(location));
    expect(login.text).toContain("Your session has expired. Please sign in again.");
    expect(inputValue(login.html, "redirectTo")).toBe("/posts?search=a");

    const signedIn = await admin.post(location, {
      email: "admin@example.com",
      password: "Admin12345",
      redirectTo: "/posts?search=a",
    });
    expect(signedIn.headers.get("location")).toBe("/posts?search=a");
  });

  it("a visitor who never signed in is not told about an expired session", async () => {
    const response = await client().get("/posts");
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fposts");
  });

  it("the 404 page keeps Back to Home and also points visitors who are not signed in to the app", async () => {
    const anonymous = await page(await client().get("/no-such-page"));
    expect(anonymous.html).toMatch(/<a[^>]*href="\/"[^>]*>Back to Home<\/a>/);
    expect(hrefs(anonymous.html)).toContain("/get-app");
    const admin = await page(await (await PanelClient.signedIn(stack.panel.url)).get("/no-such-page"));
    expect(admin.html).toMatch(/<a[^>]*href="\/"[^>]*>Back to Home<\/a>/);
    expect(hrefs(admin.html)).not.toContain("/get-app");
  });
});

describe("reset links checked early", () => {
  it("'Invalid or expired reset token' switches to 'Invalid Reset Link' with 'Request New Reset Link'", async () => {
    const browser = client();
    const response = await browser.post("/reset-password?token=used-or-bogus", {
      password: "Valid-Pass-1",
      confirmPassword: "Valid-Pass-1",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/reset-password");
    const { html, text } = await browser.follow(response).then(({ html }) => ({ html, text: visibleText(html) }));
    expect(text).toContain("Invalid Reset Link");
    expect(html).toMatch(/<a[^>]*href="\/forgot-password"[^>]*>Request New Reset Link<\/a>/);
    expect(toastMessage(html)).toBe("Invalid or expired reset token");
  });

  it("a refusal about the password stays on the form", async () => {
    await injectFault(stack.demo.url, {
      method: "POST",
      path: "/auth/reset-password",
      status: 400,
      body: { message: "Validation failed", errors: [{ field: "body.password", message: "Password is too common" }] },
      times: 1,
    });
    const { status, text } = await page(
      await client().post("/reset-password?token=t", { password: "Password123", confirmPassword: "Password123" }),
    );
    expect(status).toBe(400);
    expect(text).toContain("Password is too common");
    expect(text).toContain("Confirm New Password");
  });

  it("says plainly that a link works once and for a limited time", async () => {
    const { text } = await page(await client().get("/reset-password?token=t"));
    expect(text).toContain("A reset link works once, and only for a limited time");
  });
});

describe("nothing typed is lost", () => {
  it("'Check Your Email' names the address, and Try Again brings the form back filled in", async () => {
    const browser = client();
    const sent = await browser.post("/forgot-password", { email: "Moderator@Example.com" });
    expect(sent.headers.get("location")).toBe("/forgot-password?sent=1");
    const { html } = await browser.follow(sent);
    expect(visibleText(html)).toContain("The address you entered: moderator@example.com");
    const again = await page(await browser.get("/forgot-password"));
    expect(inputValue(again.html, "email")).toBe("moderator@example.com");
    // Nobody else's browser sees it.
    expect(inputValue((await page(await client().get("/forgot-password"))).html, "email") ?? "").toBe("");
  });

  it("a wrong security key stays in its field", async () => {
    const browser = client();
    await browser.post("/delete-account", { intent: "generate-key", email: "member@example.com" });
    const key = (await outbox(stack.demo.url, "member@example.com")).at(-1)!.securityKey!;
    const wrongKey = key === "123456" ? "654321" : "123456";
    const wrong = await page(
      await browser.post("/delete-account?step=key", { intent: "delete-user", securityKey: wrongKey }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("Invalid security key");
    expect(inputValue(wrong.html, "securityKey")).toBe(wrongKey);
  });
});

describe("a lasting confirmation after account deletion", () => {
  it("returns to a cleared step 1 with the server's message as a toast and a notice that lasts", async () => {
    const email = "member@example.com";
    const browser = client();
    await browser.post("/delete-account", { intent: "generate-key", email });
    const key = (await outbox(stack.demo.url, email)).at(-1)!.securityKey!;
    const deleted = await browser.post("/delete-account?step=key", { intent: "delete-user", securityKey: key });
    expect(deleted.headers.get("location")).toBe("/delete-account");
    const { html } = await browser.follow(deleted);
    expect(toastMessage(html)).toBe("Your account has been deleted successfully");
    const step1 = visibleText(html);
    expect(step1).toContain("Get Security Key");
    expect(inputValue(html, "email") ?? "").toBe("");
    expect(step1).toContain(`The account ${email} and its profile, posts and invites have been removed.`);
    // A reload, long after the toast, still says so, above the same cleared step 1.
    const reloaded = await page(await browser.get("/delete-account"));
    expect(toastMessage(reloaded.html)).toBeUndefined();
    expect(reloaded.text).toContain(`The account ${email} and its profile, posts and invites have been removed.`);
    expect(reloaded.text).toContain("Get Security Key");
    // The key step is over: it starts again.
    expect((await browser.get("/delete-account?step=key")).headers.get("location")).toBe("/delete-account");
    // Without the cookie there is nothing to confirm.
    expect((await page(await client().get("/delete-account"))).text).not.toContain("have been removed");
  });
});

describe("server messages first", () => {
  it.each([
    ["sign-in", "/login", "/auth/signin", { email: "admin@example.com", password: "Admin12345" }],
    ["forgot password", "/forgot-password", "/auth/forgot-password", { email: "admin@example.com" }],
    [
      "reset password",
      "/reset-password?token=t",
      "/auth/reset-password",
      { password: "Valid-Pass-1", confirmPassword: "Valid-Pass-1" },
    ],
    ["generate-key", "/delete-account", "/users/generate-key", { intent: "generate-key", email: "admin@example.com" }],
  ])("%s shows the upstream's message on a 5xx in the API's JSON shape", async (_label, path, upstream, fields) => {
    await injectFault(stack.demo.url, {
      method: "POST",
      path: upstream,
      status: 503,
      body: { message: "Scheduled maintenance until 10:00" },
      times: 1,
    });
    const { status, html, text } = await page(await client().post(path, fields));
    expect(status).toBe(502);
    expect(text).toContain("Scheduled maintenance until 10:00");
    expect(toastMessage(html)).toBe("Scheduled maintenance until 10:00");
  });

  it.each([
    [
      "sign-in",
      "/login",
      "/auth/signin",
      { email: "admin@example.com", password: "Admin12345" },
      "An error occurred during login",
    ],
    [
      "generate-key",
      "/delete-account",
      "/users/generate-key",
      { intent: "generate-key", email: "admin@example.com" },
      "Something went wrong",
    ],
  ])(
    "%s falls back to the spec's text for a proxy's HTML error page",
    async (_label, path, upstream, fields, fallback) => {
      await injectFault(stack.demo.url, {
        method: "POST",
        path: upstream,
        status: 502,
        body: "<html><body>Bad Gateway</body></html>",
        times: 1,
      });
      const { html } = await page(await client().post(path, fields));
      expect(toastMessage(html)).toBe(fallback);
      expect(inputValue(html, "email")).toBe("admin@example.com");
    },
  );
});

describe("what a phone without a configured app link reads", () => {
  it("accept-invite explains the app and says the link is not available yet; an old link is the 404 page", async () => {
    const invite = await htmlPage(
      await client(noLinks.url).get("/accept-invite?token=invite-abc", { "user-agent": UA.iphone }),
    );
    expect(invite.getByText("Invitations are accepted in the mobile app.", { exact: false })).toBeTruthy();
    expect(invite.getByText(APP_LINK_UNAVAILABLE, { exact: false })).toBeTruthy();
    expect(invite.queryByRole("link", { name: "Get the app" })).toBeNull();

    const response = await client(noLinks.url).get("/an/old/email/link", { "user-agent": UA.iphone });
    expect(response.status).toBe(404);
    const notFound = await htmlPage(response);
    expect(notFound.getByText("404", { exact: true })).toBeTruthy();
    expect(notFound.getByRole("heading", { name: "Page Not Found" })).toBeTruthy();
    expect(notFound.getByText("We couldn't find the page you are looking for.")).toBeTruthy();
    expect(notFound.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    expect(notFound.getByRole("link", { name: "continue in the mobile app" }).getAttribute("href")).toBe("/get-app");
  });
});
