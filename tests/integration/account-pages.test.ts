// The public account pages over real HTTP, as a browser without JavaScript uses them: a built
// panel in front of the real demo API, plain urlencoded form posts, emails read from the demo
// API's outbox.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { injectFault, outbox, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { type RunningServer, startPanel } from "../support/servers";
import { useStack } from "../support/use-stack";
import { BrowserClient, UA } from "../support/user-agents";

const APP_LINKS = {
  APP_DOWNLOAD_URL: "https://downloads.example.test/community",
  ANDROID_APP_URL: "https://play.example.test/store/apps/details?id=community",
  IOS_APP_URL: "https://apps.example.test/app/community/id123",
};

const stack = useStack(APP_LINKS);
/** A second panel on the same demo API with only the generic download link configured. */
let downloadOnly: RunningServer;
/** A third one with no app link at all. */
let noLinks: RunningServer;

beforeAll(async () => {
  [downloadOnly, noLinks] = await Promise.all([
    startPanel(`${stack.demo.url}/api`, { APP_DOWNLOAD_URL: APP_LINKS.APP_DOWNLOAD_URL }),
    startPanel(`${stack.demo.url}/api`),
  ]);
});

afterAll(async () => {
  await Promise.all([downloadOnly?.stop(), noLinks?.stop()]);
});

function client(baseUrl = stack.panel.url) {
  return new BrowserClient(baseUrl);
}

/** The page's visible text: markup and scripts removed, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  const body = html.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ");
  return decodeEntities(body).replace(/\s+/g, " ").trim();
}

/** The inline field errors of a page, in document order. */
function fieldErrors(html: string): string[] {
  return [...html.matchAll(/data-field-error[^>]*>([^<]*)</g)].map((match) => decodeEntities(match[1]!));
}

/** The value attribute of the input named `name`, if it has one. */
function inputValue(html: string, name: string): string | undefined {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (!input) throw new Error(`no input named ${name}`);
  const value = /value="([^"]*)"/.exec(input)?.[1];
  return value === undefined ? undefined : decodeEntities(value);
}

async function page(response: Response) {
  const html = await response.text();
  return { status: response.status, html, text: visibleText(html) };
}

/** Referrer-Policy as a browser applies it: the last recognised token of all the header's values wins. */
function effectiveReferrerPolicy(response: Response): string | undefined {
  const tokens = (response.headers.get("referrer-policy") ?? "")
    .split(",")
    .map((token) => token.trim())
    .filter(Boolean);
  return tokens.at(-1);
}

/**
 * Token pages keep their URL from other sites and from caches. Pages with a POST form use
 * "same-origin": under "no-referrer" a browser posts the form with `Origin: null`, which React
 * Router's action origin check rejects.
 */
function expectTokenPageHeaders(response: Response, referrerPolicy: "no-referrer" | "same-origin") {
  expect(effectiveReferrerPolicy(response)).toBe(referrerPolicy);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
}

const SENT_MESSAGE = "If an account with that email exists, a password reset link has been sent to your email.";
const RESET_SUCCESS = "Password reset successfully! You can now login with your new password.";

describe("forgot password", () => {
  it("shows the form with its field, button and links", async () => {
    const { status, html, text } = await page(await client().get("/forgot-password"));
    expect(status).toBe(200);
    expect(text).toContain("Email Address");
    expect(text).toContain("Send Reset Link");
    expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>[\s\S]*?Back<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>Sign in<\/a>/);
  });

  it.each([
    ["", "Email is required"],
    ["   ", "Email is required"],
    ["not-an-email", "Invalid email address"],
    ["someone@nowhere", "Invalid email address"],
  ])("rejects %j with '%s' and keeps what was typed, without calling upstream", async (email, message) => {
    const { status, html } = await page(await client().post("/forgot-password", { email }));
    expect(status).toBe(400);
    expect(fieldErrors(html)).toEqual([message]);
    expect(inputValue(html, "email") ?? "").toBe(email);
    expect(await recordedRequests(stack.demo.url, "/auth/forgot-password")).toEqual([]);
  });

  it("sends the reset email, redirects to the confirmation view and never puts the email in the URL", async () => {
    const browser = client();
    const response = await browser.post("/forgot-password", { email: "  Moderator@Example.COM " });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/forgot-password?sent=1");

    const { response: confirmation, html } = await browser.follow(response);
    expect(confirmation.status).toBe(200);
    const text = visibleText(html);
    expect(text).toContain("Check Your Email");
    expect(text).toContain(SENT_MESSAGE);
    expect(toastMessage(html)).toBe(SENT_MESSAGE);
    expect(html).toMatch(/<a[^>]*href="\/forgot-password"[^>]*>Try Again<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>Back to Login<\/a>/);

    const calls = await recordedRequests(stack.demo.url, "/auth/forgot-password");
    expect(calls.map((call) => call.body)).toEqual([{ email: "moderator@example.com" }]);
    const mails = await outbox(stack.demo.url, "moderator@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.links[0]).toContain("/reset-password?token=");

    // A reload shows the same view and sends nothing more.
    const reload = await page(await browser.get("/forgot-password?sent=1"));
    expect(reload.text).toContain("Check Your Email");
    expect(reload.text).toContain(SENT_MESSAGE);
    expect(await recordedRequests(stack.demo.url, "/auth/forgot-password")).toHaveLength(1);
    expect(await outbox(stack.demo.url, "moderator@example.com")).toHaveLength(1);
  });

  it("answers an unknown address exactly like a known one", async () => {
    const browser = client();
    const response = await browser.post("/forgot-password", { email: "nobody-here@example.com" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/forgot-password?sent=1");
    const { html } = await browser.follow(response);
    expect(visibleText(html)).toContain(SENT_MESSAGE);
    expect(toastMessage(html)).toBe(SENT_MESSAGE);
    expect(await outbox(stack.demo.url, "nobody-here@example.com")).toEqual([]);
  });

  it("shows the upstream's message on a refusal and keeps the typed email", async () => {
    await injectFault(stack.demo.url, {
      method: "POST",
      path: "/auth/forgot-password",
      status: 422,
      body: { message: "This address cannot receive mail" },
      times: 1,
    });
    const { status, html, text } = await page(
      await client().post("/forgot-password", { email: "moderator@example.com" }),
    );
    expect(status).toBe(422);
    expect(text).toContain("This address cannot receive mail");
    expect(toastMessage(html)).toBe("This address cannot receive mail");
    expect(inputValue(html, "email")).toBe("moderator@example.com");
  });

  it("shows the server's message when the upstream itself fails and says why", async () => {
    await injectFault(stack.demo.url, {
      method: "POST",
      path: "/auth/forgot-password",
      status: 503,
      body: { message: "Mail service is down" },
      times: 1,
    });
    const { status, html } = await page(await client().post("/forgot-password", { email: "moderator@example.com" }));
    expect(status).toBe(502);
    expect(toastMessage(html)).toBe("Mail service is down");
    expect(inputValue(html, "email")).toBe("moderator@example.com");
  });

  it("falls back to the spec's message when the upstream sends none", async () => {
    await injectFault(stack.demo.url, {
      method: "POST",
      path: "/auth/forgot-password",
      status: 500,
      body: "<html>oops</html>",
      times: 1,
    });
    const { html, text } = await page(await client().post("/forgot-password", { email: "moderator@example.com" }));
    expect(text).toContain("An error occurred while processing your request");
    expect(toastMessage(html)).toBe("An error occurred while processing your request");
    expect(inputValue(html, "email")).toBe("moderator@example.com");
  });
});

describe("reset password", () => {
  async function requestResetToken(email: string): Promise<string> {
    const response = await client().post("/forgot-password", { email });
    expect(response.status).toBe(302);
    const mails = await outbox(stack.demo.url, email);
    const token = mails.at(-1)?.token;
    if (!token) throw new Error(`no reset email for ${email}`);
    return token;
  }

  it("without a token shows 'Invalid Reset Link' and a way to ask for a new one", async () => {
    const response = await client().get("/reset-password");
    const { status, html, text } = await page(response);
    expect(status).toBe(200);
    expect(text).toContain("Invalid Reset Link");
    expect(text).toContain("The password reset link is invalid or has expired. Please request a new password reset.");
    expect(html).toMatch(/<a[^>]*href="\/forgot-password"[^>]*>Request New Reset Link<\/a>/);
    expect(html).not.toContain('name="password"');
    expectTokenPageHeaders(response, "same-origin");
  });

  it("with a token shows both password fields, the button and a Sign in link", async () => {
    const response = await client().get("/reset-password?token=anything");
    const { html, text } = await page(response);
    expect(text).toContain("New Password");
    expect(text).toContain("Confirm New Password");
    expect(text).toContain("Reset Password");
    expect(html).toContain('name="password"');
    expect(html).toContain('name="confirmPassword"');
    expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>Sign in<\/a>/);
    // The form posts back to the same address, token included.
    expect(html).toMatch(/<form[^>]*action="\/reset-password\?token=anything"/);
    expectTokenPageHeaders(response, "same-origin");
  });

  it.each([
    [{ password: "", confirmPassword: "" }, ["Password is required", "Please confirm your password"]],
    [{ password: "short7!", confirmPassword: "short7!" }, ["Password must be at least 8 characters"]],
    [
      { password: "a-very-long-password-21", confirmPassword: "a-very-long-password-21" },
      ["Password must be at most 20 characters"],
    ],
    [{ password: "Secret-Pass-1", confirmPassword: "" }, ["Please confirm your password"]],
    [{ password: "Secret-Pass-1", confirmPassword: "Secret-Pass-2" }, ["Passwords do not match"]],
  ])("rejects %j without calling upstream and never echoes a password", async (fields, messages) => {
    const response = await client().post("/reset-password?token=some-token", fields);
    const { status, html } = await page(response);
    expect(status).toBe(400);
    expect(fieldErrors(html)).toEqual(messages);
    for (const typed of Object.values(fields).filter(Boolean)) expect(html).not.toContain(typed);
    expect(inputValue(html, "password") ?? "").toBe("");
    expect(inputValue(html, "confirmPassword") ?? "").toBe("");
    expect(await recordedRequests(stack.demo.url, "/auth/reset-password")).toEqual([]);
    expectTokenPageHeaders(response, "same-origin");
  });

  it("forgot -> email -> reset -> sign in with the new password", async () => {
    const email = "moderator@example.com";
    const token = await requestResetToken(email);
    const browser = client();
    const form = await page(await browser.get(`/reset-password?token=${encodeURIComponent(token)}`));
    expect(form.text).toContain("New Password");

    const newPassword = "Brand-New-Pass9";
    const response = await browser.post(`/reset-password?token=${encodeURIComponent(token)}`, {
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/reset-password?done=1");
    const calls = await recordedRequests(stack.demo.url, "/auth/reset-password");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ token });

    const { html: done } = await browser.follow(response);
    expect(toastMessage(done)).toBe(RESET_SUCCESS);
    expect(visibleText(done)).toContain("Password changed");
    expect(done).not.toContain(newPassword);

    // The old password no longer works; the new one signs in and lands on /.
    const old = await client().post("/login", { email, password: "Moderator12345" });
    expect(old.status).toBe(401);
    const signIn = await client().post("/login", { email, password: newPassword });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/");
  });

  it("turns a used or bogus token into 'Invalid Reset Link' with the upstream's message as the toast", async () => {
    const token = await requestResetToken("moderator@example.com");
    const fields = { password: "First-Pass-1", confirmPassword: "First-Pass-1" };
    expect((await client().post(`/reset-password?token=${token}`, fields)).status).toBe(302);

    for (const used of [token, "bogus-token"]) {
      const browser = client();
      const response = await browser.post(`/reset-password?token=${used}`, {
        password: "Second-Pass-2",
        confirmPassword: "Second-Pass-2",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/reset-password");
      const { response: invalid, html } = await browser.follow(response);
      expect(visibleText(html)).toContain("Invalid Reset Link");
      expect(toastMessage(html)).toBe("Invalid or expired reset token");
      expect(html).not.toContain("Second-Pass-2");
      expectTokenPageHeaders(invalid, "same-origin");
    }
  });

  it("falls back to the spec's message when the upstream sends none", async () => {
    await injectFault(stack.demo.url, {
      method: "POST",
      path: "/auth/reset-password",
      status: 500,
      body: "",
      times: 1,
    });
    const { text } = await page(
      await client().post("/reset-password?token=t", { password: "Valid-Pass-1", confirmPassword: "Valid-Pass-1" }),
    );
    expect(text).toContain("An error occurred while resetting password");
  });
});

describe("verify email", () => {
  async function seededToken(email: string): Promise<string> {
    const token = (await outbox(stack.demo.url, email)).find((mail) => mail.token?.startsWith("verify-"))?.token;
    if (!token) throw new Error(`no seeded verification email for ${email}`);
    return token;
  }

  it("without a token is the 404 page, with the token-page headers", async () => {
    const response = await client().get("/verify");
    const { status, text } = await page(response);
    expect(status).toBe(404);
    expect(text).toContain("Page Not Found");
    expect(text).toContain("We couldn't find the page you are looking for.");
    expectTokenPageHeaders(response, "no-referrer");
  });

  /** Opens a verification link as a browser does: the 'Loading' page, then the step its refresh leads to. */
  async function openLink(browser: PanelClient, token: string) {
    const loading = await page(await browser.get(`/verify?token=${token}`));
    expect(loading.text).toContain("Loading");
    const check = await browser.get(`/verify?token=${token}&step=check`);
    if (check.status !== 303) return { response: check, ...(await page(check)) };
    expect(check.headers.get("location")).toBe("/verify?done=1");
    const result = await browser.get("/verify?done=1");
    return { response: result, ...(await page(result)) };
  }

  it("verifies a seeded token once, with a link to the app; a new browser is then told it was verified", async () => {
    const token = await seededToken("hannah.kowalski8@example.com");
    const verified = await openLink(client(), token);
    expect(verified.status).toBe(200);
    expect(verified.text).toContain("Account verified successfully");
    // A client without a browser's User-Agent is "another device": the generic download link.
    expect(verified.html).toMatch(
      new RegExp(`<a[^>]*href="${APP_LINKS.APP_DOWNLOAD_URL}"[^>]*>[\\s\\S]*?Open the mobile app</a>`),
    );
    expectTokenPageHeaders(verified.response, "no-referrer");
    const calls = await recordedRequests(stack.demo.url, "/auth/verify-email");
    expect(calls.map((call) => call.query)).toEqual([{ token }]);

    // The link is spent upstream, and the upstream's refusal cannot tell why; the panel saw it
    // verify the account, so it says so.
    const again = await openLink(client(), token);
    expect(again.status).toBe(200);
    expect(again.text).toContain("Account verified successfully");
    expect(again.text).toContain("This link was already used, and it confirmed your email address.");
    expect(again.text).not.toContain("Verification Link Invalid");
  });

  it("shows 'Verification Link Invalid' for an expired or unknown token", async () => {
    const expired = await seededToken("hannah.silva128@example.com");
    for (const token of [expired, "verify-0-nope"]) {
      const { response, text } = await openLink(client(), token);
      expect(text).toContain("Verification Link Invalid");
      expectTokenPageHeaders(response, "no-referrer");
    }
  });

  it("offers to try again when the upstream fails, and the same link then works", async () => {
    const token = await seededToken("tomas.dubois17@example.com");
    await injectFault(stack.demo.url, { method: "GET", path: "/auth/verify-email*", status: 500, times: 1 });
    const failed = await openLink(client(), token);
    expect(failed.status).toBe(503);
    expect(failed.text).not.toContain("Verification Link Invalid");
    expect(failed.html).toMatch(new RegExp(`<a[^>]*href="/verify\\?token=${token}"[^>]*>Try again</a>`));
    const retried = await openLink(client(), token);
    expect(retried.text).toContain("Account verified successfully");
  });

  it("says the app link is not available yet when no link is configured", async () => {
    const token = await seededToken("aisha.okafor20@example.com");
    const browser = client(noLinks.url);
    await browser.get(`/verify?token=${token}&step=check`);
    const { text } = await page(await browser.get("/verify?done=1"));
    expect(text).toContain("Account verified successfully");
    expect(text).toContain("The app link is not available yet.");
  });
});

describe("delete account", () => {
  const email = "member@example.com";

  it("rejects a malformed email with 'Invalid Email' inline and as a toast, without calling upstream", async () => {
    for (const typed of ["", "member@example", "not an email"]) {
      const response = await client().post("/delete-account", { intent: "generate-key", email: typed });
      const { status, html } = await page(response);
      expect(status).toBe(400);
      expect(fieldErrors(html)).toEqual(["Invalid Email"]);
      expect(toastMessage(html)).toBe("Invalid Email");
      expect(inputValue(html, "email") ?? "").toBe(typed);
      expectTokenPageHeaders(response, "same-origin");
    }
    expect(await recordedRequests(stack.demo.url, "/users")).toEqual([]);
  });

  it("moves on to the key step when the account does not exist, as when it does (no account oracle)", async () => {
    const response = await client().post("/delete-account", { intent: "generate-key", email: "ghost@example.com" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/delete-account?step=key");
  });

  it("falls back to 'Something went wrong' when the upstream sends no message", async () => {
    await injectFault(stack.demo.url, { method: "POST", path: "/users/generate-key", status: 500, body: "", times: 1 });
    const { html } = await page(await client().post("/delete-account", { intent: "generate-key", email }));
    expect(toastMessage(html)).toBe("Something went wrong");
  });

  it("deletes the account end to end: email, key from the mail, back to step 1, user gone", async () => {
    const browser = client();
    const step1 = await page(await browser.get("/delete-account"));
    expect(step1.text).toContain("Get Security Key");
    expect(step1.text).not.toContain("Verify Key");

    const sent = await browser.post("/delete-account", { intent: "generate-key", email: "  Member@Example.com " });
    expect(sent.status).toBe(302);
    // The email stays out of the URL (it travels in a signed, HttpOnly cookie).
    expect(sent.headers.get("location")).toBe("/delete-account?step=key");
    expect(sent.headers.getSetCookie().some((line) => /^account_deletion=.*HttpOnly/i.test(line))).toBe(true);
    const generateCalls = await recordedRequests(stack.demo.url, "/users/generate-key");
    expect(generateCalls.map((call) => call.body)).toEqual([{ email }]);

    const { response: step2Response, html: step2 } = await browser.follow(sent);
    expectTokenPageHeaders(step2Response, "same-origin");
    expect(visibleText(step2)).toContain("Verify Key");
    expect(visibleText(step2)).toContain(email);
    expect(toastMessage(step2)).toBe(
      "If an account with that email exists, a security key has been sent to your email.",
    );
    const key = (await outbox(stack.demo.url, email)).at(-1)?.securityKey;
    expect(key).toMatch(/^\d{6}$/);

    // A reload of step 2 still knows the email.
    expect(visibleText(await (await browser.get("/delete-account?step=key")).text())).toContain("Verify Key");

    // No key, then a wrong key: step 2 again.
    const empty = await page(
      await browser.post("/delete-account?step=key", { intent: "delete-user", securityKey: "" }),
    );
    expect(empty.status).toBe(400);
    expect(fieldErrors(empty.html)).toEqual(["Security key is required"]);
    const wrongKey = key === "000000" ? "111111" : "000000";
    const wrong = await page(
      await browser.post("/delete-account?step=key", { intent: "delete-user", securityKey: wrongKey }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("Invalid security key");
    expect(toastMessage(wrong.html)).toBe("Invalid security key");
    expect(wrong.text).toContain("Verify Key");
    // The wrong key comes back in its field, to be corrected rather than retyped.
    expect(inputValue(wrong.html, "securityKey")).toBe(wrongKey);

    const deleted = await browser.post("/delete-account?step=key", { intent: "delete-user", securityKey: key! });
    expect(deleted.status).toBe(302);
    // Spec 2.7: back to step 1.
    expect(deleted.headers.get("location")).toBe("/delete-account");
    const deleteCalls = await recordedRequests(stack.demo.url, "/users/delete-user");
    expect(deleteCalls.at(-1)?.body).toEqual({ email, securityKey: key });
    expect(deleteCalls.at(-1)?.status).toBe(200);

    // Step 1 with cleared fields and the server's message as the success toast.
    const { html: cleared } = await browser.follow(deleted);
    expect(toastMessage(cleared)).toBe("Your account has been deleted successfully");
    expect(cleared).toMatch(/data-testid="toast"[^>]*data-type="success"/);
    expect(visibleText(cleared)).toContain("Get Security Key");
    expect(inputValue(cleared, "email") ?? "").toBe("");

    // The user is gone upstream: a new key request is refused there, and the page says no more
    // than it says for any address.
    const again = await browser.post("/delete-account", { intent: "generate-key", email });
    expect(again.status).toBe(302);
    expect((await recordedRequests(stack.demo.url, "/users/generate-key")).at(-1)?.status).toBe(404);
  });

  it("sends the key step without its cookie back to step 1", async () => {
    const response = await client().get("/delete-account?step=key");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/delete-account");
    const post = await client().post("/delete-account?step=key", { intent: "delete-user", securityKey: "123456" });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toBe("/delete-account");
    expect(await recordedRequests(stack.demo.url, "/users/delete-user")).toEqual([]);
  });

  it("refuses a forged deletion cookie", async () => {
    const browser = client();
    browser.setCookie("account_deletion", Buffer.from(JSON.stringify({ email })).toString("base64"));
    const response = await browser.get("/delete-account?step=key");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/delete-account");
  });

  it("answers an unknown intent with 400", async () => {
    const response = await client().post("/delete-account", { intent: "drop-everything", email });
    expect(response.status).toBe(400);
    expect(await recordedRequests(stack.demo.url, "/users")).toEqual([]);
  });

  it("answers an unknown or missing intent on the page itself, as every screen does, not with the error page", async () => {
    for (const fields of [{ intent: "drop-everything", email }, { email }] as Record<string, string>[]) {
      const response = await client().post("/delete-account", fields);
      const { status, html, text } = await page(response);
      expect(status).toBe(400);
      expect(toastMessage(html)).toBe("Unknown action");
      expect(text).not.toContain("Something went wrong");
      // The email step is still there.
      expect(html).toMatch(/<input[^>]*name="email"/);
      expectTokenPageHeaders(response, "same-origin");
    }
    expect(await recordedRequests(stack.demo.url, "/users")).toEqual([]);
  });
});

describe("app redirect (/get-app)", () => {
  /** The URL a `<meta http-equiv="refresh">` moves on to. */
  const refreshTarget = (html: string) =>
    decodeEntities(/<meta http-equiv="refresh" content="0;url=([^"]*)"/.exec(html)?.[1] ?? "");

  it("says 'Redirecting to the app store...' and moves Android to ANDROID_APP_URL and iOS to IOS_APP_URL", async () => {
    const android = await client().get("/get-app", { "user-agent": UA.android });
    const androidPage = await page(android);
    expect(androidPage.status).toBe(200);
    expect(androidPage.text).toContain("Redirecting to the app store...");
    expect(refreshTarget(androidPage.html)).toBe(APP_LINKS.ANDROID_APP_URL);
    const ios = await client().get("/get-app", { "user-agent": UA.iphone });
    expect(refreshTarget(await ios.text())).toBe(APP_LINKS.IOS_APP_URL);
    expect(ios.headers.get("vary")).toContain("User-Agent");
  });

  it("tells a desktop browser that it is not a supported mobile platform", async () => {
    const response = await client().get("/get-app", { "user-agent": UA.desktop });
    const { status, text, html } = await page(response);
    expect(status).toBe(200);
    expect(text).toContain("Not a supported mobile platform.");
    expect(html).toContain(`href="${APP_LINKS.ANDROID_APP_URL.replaceAll("&", "&amp;")}"`);
    expect(response.headers.get("vary")).toContain("User-Agent");
  });

  it("never sends a phone to the generic link; without its own it says the link is not available yet", async () => {
    for (const server of [downloadOnly, noLinks]) {
      const response = await client(server.url).get("/get-app", { "user-agent": UA.android });
      const { status, html, text } = await page(response);
      expect(status).toBe(200);
      expect(text).toContain("The app link is not available yet.");
      expect(html).not.toContain('http-equiv="refresh"');
    }
    const desktop = await page(await client(downloadOnly.url).get("/get-app", { "user-agent": UA.desktop }));
    expect(desktop.html).toContain(`href="${APP_LINKS.APP_DOWNLOAD_URL}"`);
  });
});

describe("accept invite", () => {
  it("explains that invites are accepted in the app and links to it", async () => {
    const response = await client().get("/accept-invite?token=invite-123", { "user-agent": UA.desktop });
    const { status, html, text } = await page(response);
    expect(status).toBe(200);
    expect(text).toContain("Invitations are accepted in the mobile app.");
    expect(text).not.toContain("This invite link is incomplete.");
    expect(html).toContain(`href="${APP_LINKS.ANDROID_APP_URL.replaceAll("&", "&amp;")}"`);
    expect(html).toContain(`href="${APP_LINKS.IOS_APP_URL}"`);
    expect(html).toMatch(new RegExp(`<a[^>]*href="${APP_LINKS.APP_DOWNLOAD_URL}"[^>]*>[\\s\\S]*?Get the app</a>`));
    expectTokenPageHeaders(response, "no-referrer");
    // No upstream call exists for invites in the contract, and none is made.
    expect(await recordedRequests(stack.demo.url)).toEqual([]);
  });

  it("says so when the link has no invite token", async () => {
    const { text } = await page(await client(noLinks.url).get("/accept-invite"));
    expect(text).toContain("This invite link is incomplete.");
    expect(text).toContain("The app link is not available yet.");
  });
});

describe("token pages", () => {
  it("repeat their referrer policy in a meta tag", async () => {
    const pages = [
      ["/reset-password?token=x", "same-origin"],
      ["/delete-account", "same-origin"],
      ["/verify?token=x", "no-referrer"],
      ["/verify", "no-referrer"],
      ["/accept-invite?token=x", "no-referrer"],
    ];
    for (const [path, policy] of pages) {
      const html = await (await client().get(path!)).text();
      expect(html, path).toContain(`<meta name="referrer" content="${policy}"/>`);
    }
  });
});
