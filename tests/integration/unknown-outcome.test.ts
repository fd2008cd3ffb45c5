// A change the upstream answers too late (docs/product.md#toasts-and-error-handling): it was sent
// and may have happened, so the panel says so as a warning, never as a failure, and a form that
// comes back says it with the key it was sent with. Posted again as a browser posts it (the same
// fields, that key), it answers the first outcome: the upstream gets the change once. The panel
// here gives up after UPSTREAM_TIMEOUT_MS; the demo API holds the change past it (decision 050).
import { describe, expect, it } from "vitest";

import { findDemoUser } from "../support/demo-data";
import { holdCalls, recordedRequests } from "../support/demo-hooks";
import { PanelClient, toastMessage } from "../support/form-post";
import { type HtmlPage, htmlPage, parsePage, valueOf } from "../support/html";
import { useStack } from "../support/use-stack";

// Short, so each case waits little; long enough for a healthy read on a busy machine.
const stack = useStack({ UPSTREAM_TIMEOUT_MS: "3000" });

/** A form as the page rendered it: its action and the fields a browser sends with `button`. */
function renderedForm(page: HtmlPage, button: string, path: string) {
  const submitter = page.getByRole("button", { name: button });
  const form = submitter.closest("form");
  if (!form) throw new Error(`no form around ${button}`);
  const fields: [string, string][] = [];
  for (const control of form.querySelectorAll<HTMLElement>("input, textarea, select")) {
    const name = control.getAttribute("name");
    const type = control.getAttribute("type") ?? "text";
    if (!name || control.hasAttribute("disabled") || ["submit", "button", "reset", "image", "file"].includes(type))
      continue;
    if (type === "checkbox" || type === "radio") {
      if (control.hasAttribute("checked")) fields.push([name, control.getAttribute("value") ?? "on"]);
      continue;
    }
    fields.push([name, String(valueOf(control))]);
  }
  const submitName = submitter.getAttribute("name");
  if (submitName) fields.push([submitName, submitter.getAttribute("value") ?? ""]);
  return { action: form.getAttribute("action") ?? path, fields };
}

/** `fields` with `typed` put in, as a person types them. */
function typedInto(fields: [string, string][], typed: Record<string, string>): [string, string][] {
  const rest = fields.filter(([name]) => !Object.hasOwn(typed, name));
  return [...rest, ...Object.entries(typed)];
}

const keyOf = (fields: [string, string][]) => fields.find(([name]) => name === "_once")?.[1];

/** The shown toast's kind and text. */
function toastOf(page: HtmlPage) {
  const toast = page.document.querySelector('[data-testid="toast"]');
  return {
    type: toast?.getAttribute("data-type"),
    text: toast?.querySelector('[data-testid="toast-message"]')?.textContent,
  };
}

interface SaveFormCase {
  /** The form's page. */
  path: () => Promise<string>;
  /** Its submit button. */
  button: string;
  /** What the person types (again on the resend: a browser keeps no password). */
  typed: Record<string, string>;
  /** The upstream call of the change. */
  upstream: { method: string; path: string };
  /** An admin's form says the outcome is unknown; a public page shows its fallback. */
  admin?: string;
}

const SAVE_FORMS: Record<string, SaveFormCase> = {
  "the announcement create form": {
    path: async () => "/announcements?new",
    button: "Create",
    typed: { title: "Water outage on Friday", description: "The water is off from 9 to 12." },
    upstream: { method: "POST", path: "/announcements" },
    admin: "create the announcement",
  },
  "the announcement edit form": {
    path: async () => "/announcements?edit=2",
    button: "Update",
    typed: { title: "Renamed once" },
    upstream: { method: "PUT", path: "/announcements/2" },
    admin: "update the announcement",
  },
  "the push notification form": {
    path: async () => `/users/${(await findDemoUser(stack.demo.url, (user) => user.devicesCount > 0)).id}?notify=1`,
    button: "Send Notification",
    typed: { title: "Maintenance tonight", message: "The app is down from 22:00." },
    upstream: { method: "POST", path: "/fcm/send-notification-to-user" },
    admin: "send the notification",
  },
  "the tier create form": {
    path: async () => "/memberships/create",
    button: "Create Membership Tier",
    typed: { name: "Gold", price: "9.99", description: "Everything, once." },
    upstream: { method: "POST", path: "/membership-plan/create" },
    admin: "create the membership",
  },
  "the tier edit form": {
    path: async () => "/memberships/edit/2",
    button: "Update Membership Tier",
    typed: { description: "Changed once." },
    upstream: { method: "PUT", path: "/membership-plan/edit" },
    admin: "update the membership",
  },
  "the forgot-password form": {
    path: async () => "/forgot-password",
    button: "Send Reset Link",
    typed: { email: "member@example.com" },
    upstream: { method: "POST", path: "/auth/forgot-password" },
  },
  "the reset-password form": {
    path: async () => "/reset-password?token=a-reset-token",
    button: "Reset Password",
    typed: { password: "Fresh-Pass-123", confirmPassword: "Fresh-Pass-123" },
    upstream: { method: "POST", path: "/auth/reset-password" },
  },
  "the account deletion's key form": {
    path: async () => "/delete-account",
    button: "Get Security Key",
    typed: { email: "member@example.com" },
    upstream: { method: "POST", path: "/users/generate-key" },
  },
};

describe("a save without an answer in time", { timeout: 60_000 }, () => {
  for (const [name, form] of Object.entries(SAVE_FORMS)) {
    it(`${name} comes back with its key, and sent again it changes nothing twice`, async () => {
      const client = form.admin ? await PanelClient.signedIn(stack.panel.url) : new PanelClient(stack.panel.url);
      const path = await form.path();
      const shown = renderedForm(await htmlPage(await client.get(path)), form.button, path);
      const held = await holdCalls(stack.demo.url, { ...form.upstream, times: 1 });

      const first = await client.post(shown.action, typedInto(shown.fields, form.typed));
      const answer = await htmlPage(first);
      const said = toastOf(answer);
      if (form.admin) {
        expect(said).toEqual({
          type: "warning",
          text: `No answer from the server in time: the request to ${form.admin} was sent and may have gone through. Reload to check before trying again.`,
        });
      }
      // The form comes back with what was typed and the key it was sent with.
      const returned = renderedForm(answer, form.button, path);
      expect(keyOf(returned.fields)).toBe(keyOf(shown.fields));

      // The admin clicks again: the browser posts the returned form as it stands.
      const again = await client.post(returned.action, typedInto(returned.fields, form.typed));
      expect(toastOf(await htmlPage(again))).toEqual(said);

      expect(await held.release()).toBe(1);
      const sent = await recordedRequests(stack.demo.url, form.upstream.path);
      expect(
        sent.filter((call) => call.method === form.upstream.method && call.path === form.upstream.path),
      ).toHaveLength(1);
    });
  }
});

describe("a row action without an answer in time", { timeout: 60_000 }, () => {
  it("is a warning that names the user with its article, not a failure", async () => {
    const user = await findDemoUser(stack.demo.url, (candidate) => !candidate.isBanned);
    const admin = await PanelClient.signedIn(stack.panel.url);
    const held = await holdCalls(stack.demo.url, { method: "GET", path: `/users/ban/${user.id}`, times: 1 });
    const response = await admin.post(`/users?confirm=ban&id=${user.id}`, { intent: "ban", id: String(user.id) });
    expect(response.status).toBe(302);
    const { html } = await admin.follow(response);
    expect(toastMessage(html)).toBe(
      "No answer from the server in time: the request to ban the user was sent and may have gone through. Reload to check before trying again.",
    );
    expect(toastOf(parsePage(html)).type).toBe("warning");
    expect(await held.release()).toBe(1);
  });
});
