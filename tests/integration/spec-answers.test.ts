// Issue 25, "answers mapped to what happened", over real HTTP without JavaScript: a built panel in
// front of the real demo API, whose fault injection makes it answer what a provider may answer.
// A 2xx is a success whatever its body; the server's message wins over the fallback whenever the
// answer is the API's own JSON error body; an errors array is one toast per entry, each on its field.
import { describe, expect, it } from "vitest";

import { findDemoUser } from "../support/demo-data";
import { type Fault, injectFault, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient } from "../support/form-post";
import { useStack } from "../support/use-stack";

const stack = useStack();

/** Every toast message of a page, in order. */
function toastMessages(html: string): string[] {
  return [...html.matchAll(/data-testid="toast-message"[^>]*>([^<]*)</g)].map((match) => decodeEntities(match[1]!));
}

/** The inline field errors of a page, in document order. */
function fieldErrors(html: string): string[] {
  return [...html.matchAll(/data-field-error[^>]*>([^<]*)</g)].map((match) => decodeEntities(match[1]!));
}

/** One mutation of the admin screens: what the form posts, the upstream call it makes, its texts. */
interface Mutation {
  name: string;
  /** Picks the row or prepares the state; answers the panel path and the posted fields. */
  form: () => Promise<{ path: string; fields: Record<string, string> | [string, string][] }>;
  method: string;
  upstream: (fields: Record<string, string>) => string;
  ok: string;
  failed: string;
}

const firstUser = (test: Parameters<typeof findDemoUser>[1]) => findDemoUser(stack.demo.url, test);

const announcementForm = {
  title: "Water outage",
  description: "The water is off from 9 to 12.",
  date: "2026-02-01T09:30",
  isActive: "true",
};

const planFields = (intent: string): [string, string][] => [
  ["intent", intent],
  ["name", "Gold"],
  ["price", "9.5"],
  ["period", "month"],
  ["description", "Shiny."],
  ["features", "One"],
  ["image", ""],
];

const MUTATIONS: Mutation[] = [
  {
    name: "unban",
    form: async () => {
      const user = await firstUser((candidate) => candidate.isBanned);
      return { path: "/users", fields: { intent: "unban", id: String(user.id) } };
    },
    method: "GET",
    upstream: ({ id }) => `/users/un-ban/${id}`,
    ok: "User un-banned successfully!",
    failed: "Failed to unban user",
  },
  {
    name: "verify",
    form: async () => {
      const user = await firstUser((candidate) => candidate.isEmailVerified && candidate.status !== "verified");
      return { path: "/users", fields: { intent: "verify", id: String(user.id) } };
    },
    method: "POST",
    upstream: ({ id }) => `/users/verify/${id}`,
    ok: "User verified successfully!",
    failed: "Failed to verify user",
  },
  {
    name: "delete post",
    form: async () => ({ path: "/posts", fields: { intent: "delete", id: "33" } }),
    method: "DELETE",
    upstream: ({ id }) => `/posts/${id}`,
    ok: "Post deleted successfully",
    failed: "Failed to delete post",
  },
  {
    name: "approve badge",
    form: async () => ({ path: "/badge-requests", fields: { intent: "approve", id: "9" } }),
    method: "POST",
    upstream: ({ id }) => `/users/badges/${id}`,
    ok: "Badge request approved",
    failed: "Failed to update badge request",
  },
  {
    name: "toggle pinned",
    form: async () => ({ path: "/announcements", fields: { intent: "toggle-pinned", id: "2", isPinned: "true" } }),
    method: "PATCH",
    upstream: ({ id }) => `/announcements/${id}/toggle-pinned`,
    ok: "Pinned status updated successfully",
    failed: "Failed to update pinned status",
  },
  {
    name: "toggle status",
    form: async () => ({ path: "/announcements", fields: { intent: "toggle-status", id: "1", isActive: "false" } }),
    method: "PATCH",
    upstream: ({ id }) => `/announcements/${id}/toggle-status`,
    ok: "Status updated successfully",
    failed: "Failed to update status",
  },
  {
    name: "create announcement",
    form: async () => ({ path: "/announcements?new", fields: { intent: "create", ...announcementForm } }),
    method: "POST",
    upstream: () => "/announcements",
    ok: "Announcement created successfully",
    failed: "Failed to create announcement",
  },
  {
    name: "delete announcement",
    form: async () => ({ path: "/announcements", fields: { intent: "delete", id: "5" } }),
    method: "DELETE",
    upstream: ({ id }) => `/announcements/${id}`,
    ok: "Announcement deleted successfully",
    failed: "Failed to delete announcement",
  },
  {
    name: "create plan",
    form: async () => ({ path: "/memberships/create", fields: planFields("create") }),
    method: "POST",
    upstream: () => "/membership-plan/create",
    ok: "Membership created successfully!",
    failed: "Failed to create membership",
  },
  {
    name: "edit plan",
    form: async () => ({ path: "/memberships/edit/2", fields: [...planFields("update"), ["id", "2"]] }),
    method: "PUT",
    upstream: () => "/membership-plan/edit",
    ok: "Membership updated successfully!",
    failed: "Failed to update membership",
  },
  {
    name: "activate plan",
    form: async () => ({ path: "/memberships", fields: { intent: "activate", id: "5" } }),
    method: "PATCH",
    upstream: ({ id }) => `/membership-plan/${id}/active`,
    ok: "Membership status updated successfully!",
    failed: "Failed to update membership status",
  },
  {
    name: "delete plan",
    form: async () => ({ path: "/memberships", fields: { intent: "delete", id: "3" } }),
    method: "DELETE",
    upstream: ({ id }) => `/membership-plan/delete/${id}`,
    ok: "Membership deleted successfully!",
    failed: "Failed to delete membership",
  },
  {
    name: "push",
    form: async () => ({ path: "/users/5?notify=1", fields: { intent: "notify", title: "Hello", message: "Hi" } }),
    method: "POST",
    upstream: () => "/fcm/send-notification-to-user",
    ok: "Push notification sent successfully!",
    failed: "Failed to send notification",
  },
];

/** Posts the mutation with `fault` on its upstream call; answers the toasts the admin then sees. */
async function run(mutation: Mutation, fault: Omit<Fault, "path" | "method">) {
  // Confirmed ahead: a plan deletion asks for a re-authentication first (decision 080).
  const panel = await PanelClient.reauthenticated(stack.panel.url);
  const { path, fields } = await mutation.form();
  const named = Object.fromEntries(Array.isArray(fields) ? fields : Object.entries(fields));
  const upstreamPath = mutation.upstream(named);
  await injectFault(stack.demo.url, { method: mutation.method, path: upstreamPath, times: 1, ...fault });
  const response = await panel.post(path, fields);
  const html = response.status === 302 ? (await panel.follow(response)).html : await response.text();
  const calls = (await recordedRequests(stack.demo.url, upstreamPath)).filter(
    (call) => call.method === mutation.method && call.path === upstreamPath,
  );
  return { status: response.status, toasts: toastMessages(html), html: decodeEntities(html), calls };
}

describe("a 2xx is a success, whatever its body", () => {
  const bodies: [string, Omit<Fault, "path" | "method">][] = [
    ["200 {}", { status: 200, body: {} }],
    ["204 without a body", { status: 204 }],
    ["200 { success: true }", { status: 200, body: { success: true } }],
  ];
  for (const mutation of MUTATIONS) {
    it.each(bodies)(`${mutation.name}: %s shows the spec's success text`, async (_label, fault) => {
      const { status, toasts, calls } = await run(mutation, { ...fault, afterCall: true });
      expect(status).toBe(302);
      expect(toasts).toEqual([mutation.ok]);
      expect(calls.map((call) => call.status)).toEqual([fault.status]);
    });

    it(`${mutation.name}: a message without data is shown as the success`, async () => {
      const { status, toasts } = await run(mutation, {
        status: 200,
        body: { message: `Custom: ${mutation.name} done` },
        afterCall: true,
      });
      expect(status).toBe(302);
      expect(toasts).toEqual([`Custom: ${mutation.name} done`]);
    });
  }
});

describe("the server's message wins on a 5xx when the body is the API's own", () => {
  for (const mutation of MUTATIONS) {
    it(`${mutation.name}: 500 { message } shows the message, an HTML page the fallback`, async () => {
      const own = await run(mutation, { status: 500, body: { message: "Posts DB locked" } });
      expect(own.toasts).toEqual(["Posts DB locked"]);
      const proxy = await run(mutation, { status: 502, body: "<html><body>Bad gateway</body></html>" });
      expect(proxy.toasts).toEqual([mutation.failed]);
      const text = await run(mutation, { status: 503, body: "Service Unavailable" });
      expect(text.toasts).toEqual([mutation.failed]);
    });
  }
});

describe("an errors array on the public pages is one toast per entry, each on its field", () => {
  const VALIDATION = {
    status: 400,
    times: 1,
    body: {
      message: "Validation failed",
      errors: [
        { field: "body.email", message: "Email domain not allowed" },
        { field: "body.password", message: "Password expired" },
      ],
    },
  };

  it("login", async () => {
    await injectFault(stack.demo.url, { method: "POST", path: "/auth/signin", ...VALIDATION });
    const response = await new PanelClient(stack.panel.url).post("/login", {
      email: "admin@example.com",
      password: "Admin12345",
    });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(toastMessages(html)).toEqual(["email: Email domain not allowed", "password: Password expired"]);
    expect(fieldErrors(html)).toEqual(["Email domain not allowed", "Password expired"]);
  });

  it("forgot password", async () => {
    await injectFault(stack.demo.url, {
      ...VALIDATION,
      method: "POST",
      path: "/auth/forgot-password",
      body: { ...VALIDATION.body, errors: [VALIDATION.body.errors[0]!, { field: "email", message: "Too many" }] },
    });
    const response = await new PanelClient(stack.panel.url).post("/forgot-password", { email: "member@example.com" });
    const html = await response.text();
    // Two entries for one field: both are toasts, the first is on the field.
    expect(toastMessages(html)).toEqual(["email: Email domain not allowed", "email: Too many"]);
    expect(fieldErrors(html)).toEqual(["Email domain not allowed"]);
  });

  it("reset password", async () => {
    await injectFault(stack.demo.url, {
      ...VALIDATION,
      method: "POST",
      path: "/auth/reset-password",
      body: {
        message: "Validation failed",
        errors: [
          { field: "body.password", message: "Password was used before" },
          { field: "body.token", message: "Token is malformed" },
        ],
      },
    });
    const response = await new PanelClient(stack.panel.url).post("/reset-password?token=some-token", {
      password: "Valid-Pass-1",
      confirmPassword: "Valid-Pass-1",
    });
    const html = await response.text();
    expect(toastMessages(html)).toEqual(["password: Password was used before", "token: Token is malformed"]);
    expect(fieldErrors(html)).toContain("Password was used before");
  });

  it("account deletion", async () => {
    await injectFault(stack.demo.url, {
      ...VALIDATION,
      method: "POST",
      path: "/users/generate-key",
      body: {
        message: "Validation failed",
        errors: [
          { field: "body.email", message: "Email domain not allowed" },
          { field: "body.captcha", message: "Captcha required" },
        ],
      },
    });
    const response = await new PanelClient(stack.panel.url).post("/delete-account", {
      intent: "generate-key",
      email: "member@example.com",
    });
    const html = await response.text();
    expect(toastMessages(html)).toEqual(["email: Email domain not allowed", "captcha: Captcha required"]);
    expect(fieldErrors(html)).toEqual(["Email domain not allowed"]);
  });

  it("the push dialog sets the upstream's body.body on its Message field", async () => {
    await injectFault(stack.demo.url, {
      method: "POST",
      path: "/fcm/send-notification-to-user",
      status: 400,
      times: 1,
      body: {
        message: "Validation failed",
        errors: [{ field: "body.body", message: "Message contains a banned word" }],
      },
    });
    const panel = await PanelClient.signedIn(stack.panel.url);
    const response = await panel.post("/users/5?notify=1", { intent: "notify", title: "Hello", message: "Darn" });
    const html = decodeEntities(await response.text());
    expect(response.status).toBe(400);
    expect(toastMessages(html)).toEqual(["body: Message contains a banned word"]);
    // The Message field is marked invalid and described by the alert that says why.
    const textarea = /<textarea[^>]*name="message"[^>]*>/.exec(html)?.[0] ?? "";
    expect(textarea).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(textarea)?.[1];
    expect(html).toMatch(new RegExp(`id="${describedBy}"[^>]*>Message contains a banned word<`));
  });
});

describe("upload failures keep their reason", () => {
  async function uploadUrl(fault: Omit<Fault, "path" | "method">) {
    await injectFault(stack.demo.url, { method: "POST", path: "/file/generate-upload-url/admin", times: 1, ...fault });
    const panel = await PanelClient.signedIn(stack.panel.url);
    const response = await panel.post("/memberships/create.data", {
      intent: "upload-url",
      fileName: "logo.png",
      fileType: "image/png",
    });
    return decodeEntities(await response.text());
  }

  it("shows the server's message of a 500", async () => {
    expect(await uploadUrl({ status: 500, body: { message: "Storage backend down" } })).toContain(
      "Upload failed: Storage backend down",
    );
  });

  it("shows the first entry of an errors array", async () => {
    const text = await uploadUrl({
      status: 400,
      body: { message: "Validation failed", errors: [{ field: "body.fileName", message: "File name is taken" }] },
    });
    expect(text).toContain("Upload failed: File name is taken");
  });

  it("keeps the fallback reason for an HTML error page", async () => {
    expect(await uploadUrl({ status: 502, body: "<html>Bad gateway</html>" })).toContain(
      "Upload failed: Could not get an upload URL",
    );
  });
});
