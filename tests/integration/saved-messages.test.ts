// Saved messages (docs/product.md#saved-messages, decision 077), over real HTTP to the built panel
// and the demo API, on the embedded state engine and on a real Redis: /messages starts with the
// defaults; a message created, edited and deleted shows there, each change an audit entry with the
// old and the new text; bad input is a 400 with what was typed; a moderator may not open it. The
// picker of the citizenship queue's Reject fills the message with a saved one, which the admin
// edits, and the edited text is what the push call carries.
import { within } from "@testing-library/dom";
import { describe, expect, it } from "vitest";

import { auditRows } from "../support/audit-page";
import { findDemoUser } from "../support/demo-data";
import { recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { htmlPage, parsePage, valueOf } from "../support/html";
import { useRedis } from "../support/redis-server";
import { useStack } from "../support/use-stack";

const MODERATOR = { email: "moderator@example.com", password: "Moderator12345" };
const SECTIONS = ["Warn", "Ban", "Reject citizenship request"] as const;

/** /messages as `client` reads it: per action, the titles and texts of its messages, and each one's Edit link. */
async function messagesPage(client: PanelClient) {
  const response = await client.get("/messages");
  expect(response.status).toBe(200);
  const page = await htmlPage(response);
  const sections = Object.fromEntries(
    SECTIONS.map((label) => {
      const section = page.getByRole("region", { name: new RegExp(`^${label} \\(\\d+\\)$`) });
      const list = within(section).queryByRole("list");
      const items = list ? within(list).getAllByRole("listitem") : [];
      return [
        label,
        items.map((item) => ({
          title: item.querySelector("h3")!.textContent!,
          text: item.querySelector("p")!.textContent!,
          edit: within(item).getByRole("link", { name: /^Edit/ }).getAttribute("href")!,
        })),
      ];
    }),
  );
  return { page, sections };
}

/** Posts a /messages form and follows its answer. */
async function post(client: PanelClient, fields: Record<string, string>) {
  const answer = await client.post("/messages", fields);
  if (answer.status !== 302)
    return { status: answer.status, html: decodeEntities(await answer.text()), toast: undefined };
  const { html } = await client.follow(answer);
  return { status: 302, location: answer.headers.get("location"), html, toast: toastMessage(html) };
}

for (const engine of ["embedded", "redis"] as const) {
  describe(`saved messages, on the ${engine} state engine`, { timeout: 120_000 }, () => {
    const panelEnv: NodeJS.ProcessEnv = {};
    if (engine === "redis") useRedis(panelEnv);
    const stack = useStack(panelEnv);

    it("starts with the defaults, then creates, edits and deletes, each on /audit with the old and the new text", async () => {
      const admin = await PanelClient.signedIn(stack.panel.url);
      const before = await messagesPage(admin);
      expect(Object.values(before.sections).map((messages) => messages.map((message) => message.title))).toEqual([
        ["Community guidelines", "Spam"],
        ["Repeated breaches", "Spam"],
        ["Documents unclear", "Passport expired"],
      ]);

      const created = await post(admin, {
        intent: "create",
        title: "Harassment",
        action: "ban",
        text: "Your account has been banned for harassing other members.",
      });
      expect(created).toMatchObject({ status: 302, location: "/messages", toast: "Message created" });
      const ban = (await messagesPage(admin)).sections.Ban!;
      expect(ban.map((message) => message.title)).toEqual(["Repeated breaches", "Spam", "Harassment"]);
      const id = new URL(ban[2]!.edit, "http://x").searchParams.get("edit")!;

      // The edit form, as the server renders it from the Edit link.
      const form = (await htmlPage(await admin.get(ban[2]!.edit))).getByRole("form", { name: "Edit “Harassment”" });
      expect(valueOf(within(form).getByRole("textbox", { name: "Text" }))).toBe(
        "Your account has been banned for harassing other members.",
      );

      const saved = await post(admin, {
        intent: "update",
        id,
        title: "Harassment",
        action: "warn",
        text: "Please stop contacting members who asked you not to.",
      });
      expect(saved.toast).toBe("Message saved");
      const after = (await messagesPage(admin)).sections;
      expect(after.Ban!.map((message) => message.title)).toEqual(["Repeated breaches", "Spam"]);
      expect(after.Warn!.map((message) => [message.title, message.text])).toContainEqual([
        "Harassment",
        "Please stop contacting members who asked you not to.",
      ]);

      expect((await post(admin, { intent: "delete", id })).toast).toBe("Message deleted");
      expect((await post(admin, { intent: "delete", id })).toast).toBe("This message no longer exists");
      expect((await messagesPage(admin)).sections.Warn!.map((message) => message.title)).toEqual([
        "Community guidelines",
        "Spam",
      ]);

      const { rows } = await auditRows(admin, "?kind=saved-message");
      expect(rows.slice(0, 4).map((row) => [row.Action, row.Target, row.Result])).toEqual([
        ["Deleted", `saved-message ${id}`, "RefusedThis message no longer exists"],
        [
          "Deleted",
          `Harassment (saved-message ${id})`,
          "DoneOld text: “Please stop contacting members who asked you not to.”",
        ],
        [
          "Saved",
          `Harassment (saved-message ${id})`,
          "DoneWarn. Old text: “Your account has been banned for harassing other members.” New text: “Please stop contacting members who asked you not to.”",
        ],
        [
          "Created",
          `Harassment (saved-message ${id})`,
          "DoneBan. New text: “Your account has been banned for harassing other members.”",
        ],
      ]);
    });

    it("creates a message once when its form is sent twice", async () => {
      const admin = await PanelClient.signedIn(stack.panel.url);
      const page = await htmlPage(await admin.get("/messages?new=1"));
      const form = page.getByRole("form", { name: "New message" });
      const key = form.querySelector<HTMLInputElement>('input[name="_once"]')!.value;
      const fields = { intent: "create", title: "Once", action: "warn", text: "Sent once.", _once: key };
      const answers = await Promise.all([admin.post("/messages", fields), admin.post("/messages", fields)]);
      expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
      expect((await messagesPage(admin)).sections.Warn!.filter((message) => message.title === "Once")).toHaveLength(1);
    });

    it("answers bad input with a 400, the message and what was typed", async () => {
      const admin = await PanelClient.signedIn(stack.panel.url);
      const before = Object.values((await messagesPage(admin)).sections).flat().length;
      const noTitle = await post(admin, { intent: "create", title: " ", action: "warn", text: "Be kind." });
      expect(noTitle.status).toBe(400);
      const page = parsePage(noTitle.html);
      const form = page.getByRole("form", { name: "New message" });
      expect(within(form).getByText("Title is required")).toBeDefined();
      expect(valueOf(within(form).getByRole("textbox", { name: "Text" }))).toBe("Be kind.");

      const badAction = await post(admin, { intent: "create", title: "X", action: "mute", text: "Be kind." });
      expect(badAction.status).toBe(400);
      expect(badAction.html).toContain("Choose the action it belongs to");
      const long = await post(admin, { intent: "create", title: "X", action: "ban", text: "y".repeat(501) });
      expect(long.status).toBe(400);
      expect(long.html).toContain("At most 500 characters");
      const badId = await post(admin, { intent: "delete", id: "a/b" });
      expect(badId.status).toBe(400);
      expect(badId.html).toContain("Message id is required");
      // Nothing of these was kept.
      expect(Object.values((await messagesPage(admin)).sections).flat()).toHaveLength(before);
    });

    it("refuses a moderator the page and its changes", async () => {
      const moderator = await PanelClient.signedIn(stack.panel.url, MODERATOR.email, MODERATOR.password);
      expect((await moderator.get("/messages")).status).toBe(403);
      const posted = await moderator.post("/messages", { intent: "delete", id: "default-1" });
      expect(posted.status).toBe(403);
      const admin = await PanelClient.signedIn(stack.panel.url);
      expect((await messagesPage(admin)).sections.Warn!.map((message) => message.title)).toContain(
        "Community guidelines",
      );
    });
  });
}

describe("the saved-message picker in the citizenship queue's Reject", { timeout: 120_000 }, () => {
  const stack = useStack();

  it("starts the message with the chosen saved one; the edited text is what the push carries", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    await post(admin, {
      intent: "create",
      title: "Name mismatch",
      action: "reject-citizenship",
      text: "The name on your passport does not match your account.",
    });
    const member = await findDemoUser(stack.demo.url, (user) => user.badgeRequestStatus === 1 && user.devicesCount > 0);
    const path = `/badge-requests/review/${member.id}`;

    const first = parsePage(decodeEntities(await (await admin.get(path)).text()));
    const picker = first.getByRole("combobox", { name: "Saved message" });
    // Reject's own messages only, the one just created among them.
    expect([...picker.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "Choose a saved message",
      "Documents unclear",
      "Passport expired",
      "Name mismatch",
    ]);
    const pickerForm = picker.closest("form")!;
    expect([pickerForm.getAttribute("method"), pickerForm.getAttribute("action")]).toEqual(["get", path]);
    // An admin who may edit the list is led to it from the picker.
    expect(within(pickerForm).getByRole("link", { name: "Edit saved messages" }).getAttribute("href")).toBe(
      "/messages",
    );

    // "Use this message": the GET form's answer, Reject unfolded with the message's text.
    const chosen = [...picker.querySelectorAll("option")].find((option) => option.textContent === "Name mismatch")!;
    const filled = parsePage(
      decodeEntities(await (await admin.get(`${path}?saved=${chosen.getAttribute("value")}`)).text()),
    );
    expect(filled.getByText("Reject…", { selector: "summary" }).closest("details")!.hasAttribute("open")).toBe(true);
    const message = filled.getByRole("textbox", { name: "Message to the member (optional)" });
    expect(valueOf(message)).toBe("The name on your passport does not match your account.");

    const edited = "The name on your passport does not match your account: please update your profile.";
    const rejected = await admin.post(path, {
      intent: "reject",
      id: String(member.id),
      reason: "Documents unreadable",
      message: edited,
    });
    expect(rejected.status).toBe(302);
    const pushes = await recordedRequests(stack.demo.url, "/fcm/send-notification-to-user");
    expect(pushes.map((call) => call.body)).toEqual([
      { email: member.email, title: "Your citizenship request", body: edited },
    ]);
    expect(
      (await recordedRequests(stack.demo.url, "/users/badges")).filter((call) => call.method === "POST"),
    ).toMatchObject([{ path: `/users/badges/${member.id}`, body: { approved: 0 } }]);
  });
});

describe("the saved-message picker in user details' Warn", { timeout: 120_000 }, () => {
  const stack = useStack();

  it("starts the warning with the chosen saved one, the dialog kept open; the edited text is what the push carries", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    const member = await findDemoUser(stack.demo.url, (user) => !user.isBanned && user.devicesCount > 0);
    const path = `/users/${member.id}`;

    const open = parsePage(decodeEntities(await (await admin.get(`${path}?warn=1`)).text()));
    const picker = open.getByRole("combobox", { name: "Saved message" });
    // Warn's own messages only.
    expect([...picker.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "Choose a saved message",
      "Community guidelines",
      "Spam",
    ]);
    // A GET form to this page that keeps Warn open.
    const pickerForm = picker.closest("form")!;
    expect([pickerForm.getAttribute("method"), pickerForm.getAttribute("action")]).toEqual(["get", path]);
    expect(pickerForm.querySelector<HTMLInputElement>('input[type="hidden"][name="warn"]')?.value).toBe("1");

    const chosen = [...picker.querySelectorAll("option")].find((option) => option.textContent === "Spam")!;
    const filled = parsePage(
      decodeEntities(await (await admin.get(`${path}?warn=1&saved=${chosen.getAttribute("value")}`)).text()),
    );
    const message = filled.getByRole("textbox", { name: "Message to the member" });
    expect(valueOf(message)).toBe(
      "Please stop posting advertising or repeated messages. Another breach may lead to a ban.",
    );

    const edited = "Please stop posting advertising: this is your last warning.";
    const warned = await admin.post(path, { intent: "warn", reason: "Spam", text: edited });
    expect(toastMessage((await admin.follow(warned)).html)).toMatch(/^Member warned/);
    const pushes = await recordedRequests(stack.demo.url, "/fcm/send-notification-to-user");
    expect(pushes.map((call) => (call.body as { body: string }).body)).toEqual([edited]);
  });
});
