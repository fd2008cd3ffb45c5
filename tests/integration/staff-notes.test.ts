// Staff notes on user details (docs/product.md#staff-notes, decision 076), over real HTTP to the
// built panel and the demo API, on the embedded state engine and on a real Redis: a note added,
// edited and deleted shows on the page, newest first, each change an audit entry (the edit with
// its old and new text); only its author or a role that may change others' notes changes it;
// bad input is a 400 with what was typed; nothing of it reaches the upstream.
import { within } from "@testing-library/dom";
import { describe, expect, it } from "vitest";

import { auditRows } from "../support/audit-page";
import { reviewPath } from "../support/bulk";
import { findDemoUser } from "../support/demo-data";
import { clearRecordedRequests, recordedRequests } from "../support/demo-hooks";
import { PanelClient, toastMessage } from "../support/form-post";
import { htmlPage } from "../support/html";
import { useRedis } from "../support/redis-server";
import { useStack } from "../support/use-stack";

/** An Admin, not an Owner: writes notes and changes only their own (docs/product.md#roles-and-permissions). */
const OTHER_ADMIN = { email: "ops.admin@example.com", password: "Admin12345" };
/** The upstream's moderator: a Viewer on the panel, who reads notes and writes none. */
const VIEWER = { email: "moderator@example.com", password: "Moderator12345" };

/** The Staff notes section of user `id` as `client` reads it: each note's text, and the section. */
async function notesOf(client: PanelClient, id: number | string) {
  const response = await client.get(`/users/${id}`);
  expect(response.status).toBe(200);
  const page = await htmlPage(response);
  const section = page.getByRole("region", { name: /^Staff notes/ });
  const list = within(section).queryByRole("list", { name: "Staff notes, newest first" });
  const items = list ? within(list).getAllByRole("listitem") : [];
  return {
    section,
    heading: within(section).getByRole("heading").textContent,
    notes: items.map((item) => ({
      item,
      text: item.querySelectorAll("p")[1]?.textContent ?? "",
      byline: item.querySelector("p")?.textContent ?? "",
      id: item.id.replace(/^note-/, ""),
    })),
  };
}

/** Posts a note form of user details and follows its answer: the status, where it went and the toast. */
async function post(client: PanelClient, id: number | string, fields: Record<string, string>) {
  const answer = await client.post(`/users/${id}`, fields);
  if (answer.status !== 302) return { status: answer.status, html: await answer.text(), toast: undefined };
  const { html } = await client.follow(answer);
  return { status: 302, location: answer.headers.get("location"), html, toast: toastMessage(html) };
}

for (const engine of ["embedded", "redis"] as const) {
  describe(`staff notes, on the ${engine} state engine`, { timeout: 120_000 }, () => {
    // The demo admin is the Owner, as in demo mode.
    const panelEnv: NodeJS.ProcessEnv = { OWNER_EMAILS: "admin@example.com" };
    if (engine === "redis") useRedis(panelEnv);
    const stack = useStack(panelEnv);

    it("adds, edits and deletes a note, newest first, each change on /audit and in the member's History", async () => {
      const admin = await PanelClient.signedIn(stack.panel.url);
      await clearRecordedRequests(stack.demo.url);

      const first = await post(admin, 11, { intent: "add-note", text: "Asked twice about a refund." });
      expect(first).toMatchObject({ status: 302, location: "/users/11", toast: "Note added" });
      await post(admin, 11, { intent: "add-note", text: "  Second warning given by phone.  " });

      const { notes, heading } = await notesOf(admin, 11);
      expect(heading).toBe("Staff notes (2)");
      expect(notes.map((note) => note.text)).toEqual(["Second warning given by phone.", "Asked twice about a refund."]);
      expect(notes[0]!.byline).toMatch(/^admin@example\.com · /);
      // Another member's page shows none of them.
      expect((await notesOf(admin, 12)).notes).toEqual([]);

      const older = notes[1]!.id;
      const edited = await post(admin, 11, {
        intent: "edit-note",
        id: older,
        text: "Asked three times about a refund.",
      });
      expect(edited.toast).toBe("Note saved");
      const deleted = await post(admin, 11, { intent: "delete-note", id: notes[0]!.id });
      expect(deleted.toast).toBe("Note deleted");

      const after = await notesOf(admin, 11);
      expect(after.notes.map((note) => [note.text, note.byline.includes("Edited by admin@example.com")])).toEqual([
        ["Asked three times about a refund.", true],
      ]);

      const { rows } = await auditRows(admin, "?kind=note");
      expect(rows.slice(0, 4).map((row) => [row.Action, row.Result])).toEqual([
        ["Deleted", "DoneText: “Second warning given by phone.”"],
        ["Saved", "DoneOld text: “Asked twice about a refund.” New text: “Asked three times about a refund.”"],
        ["Created", "DoneText: “Second warning given by phone.”"],
        ["Created", "DoneText: “Asked twice about a refund.”"],
      ]);
      expect(rows[1]!.Target).toBe(`Asked twice about a refund. (note ${older})`);
      // The member's History lists them too (the note's member is its owner).
      const history = within(
        (await htmlPage(await admin.get("/users/11"))).getByRole("region", { name: "History" }),
      ).getAllByRole("listitem");
      expect(history[0]!.textContent).toContain("Deleted the staff note “Second warning given by phone.”");

      // Panel-only: nothing was sent upstream but reads.
      const sent = (await recordedRequests(stack.demo.url)).filter((call) => call.method !== "GET");
      expect(sent.filter((call) => !call.path.startsWith("/api/auth"))).toEqual([]);
    });

    it("lets the author and an Owner change a note, and refuses anyone else", async () => {
      const admin = await PanelClient.signedIn(stack.panel.url);
      const moderator = await PanelClient.signedIn(stack.panel.url, OTHER_ADMIN.email, OTHER_ADMIN.password);
      const viewer = await PanelClient.signedIn(stack.panel.url, VIEWER.email, VIEWER.password);

      await post(admin, 21, { intent: "add-note", text: "Admin's note." });
      expect((await post(moderator, 21, { intent: "add-note", text: "Moderator's note." })).toast).toBe("Note added");
      // A Viewer reads the notes, is offered no Add note, and a hand-made one is refused.
      expect(within((await notesOf(viewer, 21)).section).queryByRole("link", { name: "Add note" })).toBeNull();
      expect((await post(viewer, 21, { intent: "add-note", text: "A Viewer's note." })).status).toBe(403);

      const seenByModerator = await notesOf(moderator, 21);
      const [mine, admins] = seenByModerator.notes;
      expect([mine!.text, admins!.text]).toEqual(["Moderator's note.", "Admin's note."]);
      // The moderator changes their own note only: the admin's offers neither Edit nor Delete.
      expect(within(mine!.item).queryByRole("link", { name: /^Edit/ })).not.toBeNull();
      expect(within(admins!.item).queryByRole("link", { name: /^Edit/ })).toBeNull();
      expect(within(admins!.item).queryByRole("button", { name: "Delete note" })).toBeNull();

      // A hand-made post is refused, and the note stays as it was.
      const forged = await post(moderator, 21, { intent: "edit-note", id: admins!.id, text: "Changed." });
      expect(forged.toast).toBe("Only the note's author or an Owner can change it");
      const forgedDelete = await post(moderator, 21, { intent: "delete-note", id: admins!.id });
      expect(forgedDelete.toast).toBe("Only the note's author or an Owner can change it");
      expect((await notesOf(admin, 21)).notes.map((note) => note.text)).toEqual(["Moderator's note.", "Admin's note."]);

      // The Owner (edit-others-notes) changes the other admin's note.
      expect((await post(admin, 21, { intent: "edit-note", id: mine!.id, text: "Checked by an admin." })).toast).toBe(
        "Note saved",
      );
      expect((await post(admin, 21, { intent: "delete-note", id: mine!.id })).toast).toBe("Note deleted");
      expect((await post(admin, 21, { intent: "delete-note", id: mine!.id })).toast).toBe("This note no longer exists");
      expect((await notesOf(admin, 21)).notes.map((note) => note.text)).toEqual(["Admin's note."]);

      const { rows } = await auditRows(admin, "?kind=note");
      expect(rows.slice(0, 5).map((row) => [row.Admin, row.Action, row.Result!.slice(0, 7)])).toEqual([
        ["admin@example.com", "Deleted", "Refused"],
        ["admin@example.com", "Deleted", "DoneTex"],
        ["admin@example.com", "Saved", "DoneOld"],
        ["ops.admin@example.com", "Deleted", "Refused"],
        ["ops.admin@example.com", "Saved", "Refused"],
      ]);
    });

    it("shows the member's notes in short where a decision is made: the queue and the bulk review page", async () => {
      const admin = await PanelClient.signedIn(stack.panel.url);
      const pending = await findDemoUser(stack.demo.url, (user) => user.badgeRequestStatus === 1);
      const other = await findDemoUser(
        stack.demo.url,
        (user) => user.badgeRequestStatus === 1 && user.id !== pending.id,
      );
      await post(admin, pending.id, { intent: "add-note", text: "Sent a blurred passport last time." });
      await post(admin, pending.id, { intent: "add-note", text: "Said a new scan is coming." });
      const summary =
        /^2 staff notes, latest by admin@example\.com, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M: “Said a new scan is coming\.”$/;

      const queue = await htmlPage(await admin.get(`/badge-requests/review/${pending.id}`));
      const lines = [...queue.document.querySelectorAll("p")].map((line) => line.textContent ?? "");
      expect(lines.filter((line) => line.includes("latest by"))).toEqual([expect.stringMatching(summary)]);

      const review = await htmlPage(await admin.get(reviewPath("badge-requests", "reject", [pending.id, other.id])));
      const items = within(review.getByRole("region", { name: /^Reject: 2 / })).getAllByRole("listitem");
      expect(items.map((item) => item.querySelector("p")?.textContent ?? null)).toEqual([
        expect.stringMatching(summary),
        null,
      ]);
    });

    it("adds a note once when its form is sent twice (a double click, a reload of the post)", async () => {
      const admin = await PanelClient.signedIn(stack.panel.url);
      const html = await (await admin.get("/users/51?new=1")).text();
      const form = within((await htmlPage(new Response(html))).getByRole("region", { name: /^Staff notes/ }));
      const key = form
        .getByRole("button", { name: "Add note" })
        .closest("form")!
        .querySelector<HTMLInputElement>('input[name="_once"]')!.value;
      const fields = { intent: "add-note", text: "Only once.", _once: key };
      const [first, second] = await Promise.all([admin.post("/users/51", fields), admin.post("/users/51", fields)]);
      expect([first.status, second.status]).toEqual([302, 302]);
      expect((await notesOf(admin, 51)).notes.map((note) => note.text)).toEqual(["Only once."]);
      const { rows } = await auditRows(admin, "?kind=note");
      expect(rows.filter((row) => row.Result === "DoneText: “Only once.”")).toHaveLength(1);
    });

    it("answers bad input with a 400, the message and what was typed", async () => {
      const admin = await PanelClient.signedIn(stack.panel.url);
      const empty = await post(admin, 31, { intent: "add-note", text: "   " });
      expect(empty.status).toBe(400);
      const emptyPage = within(
        (await htmlPage(new Response(empty.html))).getByRole("region", { name: /^Staff notes/ }),
      );
      expect(emptyPage.getByText("Note is required")).toBeDefined();

      const long = "x".repeat(501);
      const tooLong = await post(admin, 31, { intent: "add-note", text: long });
      expect(tooLong.status).toBe(400);
      const page = await htmlPage(new Response(tooLong.html));
      const field = within(page.getByRole("region", { name: /^Staff notes/ })).getByRole("textbox", {
        name: "New note",
      });
      expect(field.textContent).toBe(long);
      expect(tooLong.html).toContain("At most 500 characters");

      const badId = await post(admin, 31, { intent: "edit-note", id: "../x", text: "Hello" });
      expect(badId.status).toBe(400);
      expect(badId.html).toContain("Note id is required");
      expect((await notesOf(admin, 31)).notes).toEqual([]);

      // A refused edit comes back as the note's form, open, with its message.
      await post(admin, 31, { intent: "add-note", text: "Kept as it was." });
      const [kept] = (await notesOf(admin, 31)).notes;
      const blank = await post(admin, 31, { intent: "edit-note", id: kept!.id, text: "" });
      expect(blank.status).toBe(400);
      const edit = within((await htmlPage(new Response(blank.html))).getByRole("region", { name: /^Staff notes/ }));
      expect(edit.getByRole("textbox", { name: "Edit note" }).textContent).toBe("");
      expect(edit.getByText("Note is required")).toBeDefined();
      expect((await notesOf(admin, 31)).notes.map((note) => note.text)).toEqual(["Kept as it was."]);
    });
  });
}
