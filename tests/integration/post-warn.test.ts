// "Delete and warn the author" on a post (docs/product.md#posts, decision 083), over real HTTP to
// the built panel and the demo API, on the embedded state engine and on a real Redis (the strikes
// live on the panel's state): the post is deleted once, then its author gets one strike naming the
// post and one push; a double submit sends nothing more; a delete that does not happen warns
// nobody; a failed push is said and recorded; the strike counts in the ladder's suggestion.
import { within } from "@testing-library/dom";
import { describe, expect, it } from "vitest";

import { auditRows } from "../support/audit-page";
import { demoAdminCookie, demoUsers, type DemoUser } from "../support/demo-data";
import { injectFault, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { htmlPage, parsePage, valueOf } from "../support/html";
import { useRedis } from "../support/redis-server";
import { useStack } from "../support/use-stack";

interface DemoPost {
  id: number;
  title: string;
  user: { id: number; email: string; fullName: string | null } | null;
}

const PUSH = "/fcm/send-notification-to-user";
const TEXT = "Please keep your posts on topic: this one was removed.";

/** The demo's posts (newest first) with their authors' facts, read straight from its API. */
async function postsWithAuthors(demoUrl: string): Promise<{ post: DemoPost; author: DemoUser }[]> {
  const cookie = await demoAdminCookie(demoUrl);
  const answer = (await (await fetch(`${demoUrl}/api/posts`, { headers: { cookie } })).json()) as {
    data: { data: DemoPost[] };
  };
  const users = new Map((await demoUsers(demoUrl)).map((user) => [user.id, user]));
  return answer.data.data.flatMap((post) => {
    const author = post.user ? users.get(post.user.id) : undefined;
    return author ? [{ post, author }] : [];
  });
}

/** The History section's entries of a member, as texts. */
async function history(admin: PanelClient, userId: number): Promise<string[]> {
  const page = await htmlPage(await admin.get(`/users/${userId}`));
  const list = within(page.getByRole("region", { name: "History" })).queryByRole("list");
  return (list ? within(list).getAllByRole("listitem") : []).map((item) =>
    item.textContent!.replace(/\s+/g, " ").trim(),
  );
}

/** The member's strikes as user details shows them. */
async function strikesOf(admin: PanelClient, userId: number): Promise<string> {
  const page = await htmlPage(await admin.get(`/users/${userId}`));
  return page.getByText(/ in the last 180 days$/).textContent!;
}

for (const engine of ["embedded", "redis"] as const) {
  describe(`Delete and warn the author, on the ${engine} state engine`, { timeout: 120_000 }, () => {
    // The ladder suggests a duration once bans that end are set up (docs/product.md#bans-with-an-end).
    const panelEnv: NodeJS.ProcessEnv = { BAN_END_EMAIL: "admin@example.com", BAN_END_PASSWORD: "Admin12345" };
    if (engine === "redis") useRedis(panelEnv);
    const stack = useStack(panelEnv);
    // Strikes stay on the panel's state across tests (the demo data is reseeded): each test warns an author of its own.
    const used = new Set<number>();
    const pick = async (test: (author: DemoUser) => boolean) => {
      const found = (await postsWithAuthors(stack.demo.url)).find(
        ({ author }) => !used.has(author.id) && !author.isBanned && test(author),
      );
      if (!found) throw new Error("no post whose author fits");
      used.add(found.author.id);
      return found;
    };
    const deletes = async (id: number) =>
      (await recordedRequests(stack.demo.url, `/posts/${id}`)).filter((call) => call.method === "DELETE");

    it("offers it beside Delete; its dialog names the post and author, and starts the message with a chosen saved warning", async () => {
      const admin = await PanelClient.signedIn(stack.panel.url);
      const { post, author } = await pick(() => true);
      const search = encodeURIComponent(post.title);
      const list = await htmlPage(await admin.get(`/posts?search=${search}`));
      const link = list.getByRole("link", { name: `Delete and warn the author of ${post.title}` });
      expect(link.textContent).toBe("Delete and warn the author");
      expect(link.getAttribute("href")).toBe(
        `/posts?${new URLSearchParams({ search: post.title, confirm: "delete-and-warn", id: String(post.id) })}`,
      );

      const open = parsePage(decodeEntities(await (await admin.get(link.getAttribute("href")!)).text()));
      const dialog = open.getByRole("dialog", { name: "Delete and warn the author" });
      expect(within(dialog).getByText(`“${post.title}”`)).toBeTruthy();
      expect(
        within(dialog).getByText(author.fullName ? `${author.fullName} (${author.email})` : author.email),
      ).toBeTruthy();
      const picker = within(dialog).getByRole("combobox", { name: "Saved message" });
      // Warn's saved messages, in a GET form that keeps the list's search and the dialog open.
      const options = [...picker.querySelectorAll("option")];
      expect(options.map((option) => option.textContent)).toEqual([
        "Choose a saved message",
        "Community guidelines",
        "Spam",
      ]);
      const kept = [...picker.closest("form")!.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map(
        (input) => [input.name, input.value],
      );
      expect(kept).toEqual([
        ["search", post.title],
        ["confirm", "delete-and-warn"],
        ["id", String(post.id)],
      ]);

      const spam = options.find((option) => option.textContent === "Spam")!.getAttribute("value")!;
      const filled = parsePage(
        decodeEntities(
          await (await admin.get(`/posts?search=${search}&confirm=delete-and-warn&id=${post.id}&saved=${spam}`)).text(),
        ),
      );
      expect(valueOf(filled.getByRole("textbox", { name: "Message to the member" }))).toBe(
        "Please stop posting advertising or repeated messages. Another breach may lead to a ban.",
      );
      expect(await recordedRequests(stack.demo.url, "/posts/")).toEqual([]);
    });

    it("deletes the post once, records one strike naming it and pushes once; a double submit and a repeat send nothing more", async () => {
      const admin = await PanelClient.signedIn(stack.panel.url);
      const { post, author } = await pick((user) => user.devicesCount > 0);
      const path = `/posts?confirm=delete-and-warn&id=${post.id}`;
      const open = await htmlPage(await admin.get(path));
      const key = open.document.querySelector<HTMLInputElement>('form[method="post"] input[name="_once"]')!.value;
      const fields = {
        intent: "delete-and-warn",
        id: String(post.id),
        reason: "Spam",
        reasonText: "",
        text: TEXT,
        _once: key,
      };

      // A double click without JavaScript: the same form, with its one-time key, twice at once.
      const [first, second] = await Promise.all([admin.post(path, fields), admin.post(path, fields)]);
      for (const answer of [first, second]) {
        expect(answer.status).toBe(302);
        expect(answer.headers.get("location")).toBe("/posts");
      }
      expect(toastMessage((await admin.follow(first)).html)).toBe(
        "Post deleted successfully. Member warned: the message was sent",
      );
      // Back to the dialog and submitting again (a new key): the post is gone, nothing is sent.
      const again = await admin.post(path, { ...fields, _once: "" });
      expect(toastMessage((await admin.follow(again)).html)).toBe("This post has already been deleted");

      expect(await deletes(post.id)).toHaveLength(1);
      const pushes = await recordedRequests(stack.demo.url, PUSH);
      expect(pushes.map((call) => call.body)).toEqual([
        { email: author.email, title: "About your account", body: TEXT },
      ]);

      expect(await strikesOf(admin, author.id)).toBe("1 in the last 180 days");
      const name = author.fullName?.trim() || author.email;
      const [warned, deleted] = await history(admin, author.id);
      expect(warned).toContain(`admin@example.com Warned user “${name}”`);
      expect(warned).toContain(`Reason: Spam — about post ${post.id}, “${post.title}”`);
      expect(deleted).toContain(`admin@example.com Deleted post “${post.title}”`);
      const ban = await htmlPage(
        await admin.get(`/users?confirm=ban&id=${author.id}&search=${encodeURIComponent(author.email)}`),
      );
      const durations = ban.getByRole("group", { name: "Duration" });
      expect(within(durations).getByText("1 strike in 180 days: suggested 3 days")).toBeTruthy();
    });

    it("says a failed push and records it; the post is deleted and the strike stands", async () => {
      const admin = await PanelClient.signedIn(stack.panel.url);
      const { post, author } = await pick((user) => user.devicesCount > 0);
      await injectFault(stack.demo.url, {
        method: "POST",
        path: PUSH,
        status: 503,
        body: { message: "Push service is down" },
        times: 1,
      });
      const answer = await admin.post(`/posts?confirm=delete-and-warn&id=${post.id}`, {
        intent: "delete-and-warn",
        id: String(post.id),
        reason: "Harassment or hate",
        text: TEXT,
      });
      expect(toastMessage((await admin.follow(answer)).html)).toBe(
        "Post deleted successfully. Warning recorded, but the message to the member was not sent: Push service is down",
      );
      expect(await deletes(post.id)).toHaveLength(1);
      expect(await recordedRequests(stack.demo.url, PUSH)).toHaveLength(1);
      expect(await strikesOf(admin, author.id)).toBe("1 in the last 180 days");
      const { rows } = await auditRows(admin, `?kind=user&target=${author.id}`);
      expect(rows[0]).toMatchObject({
        Action: "Warned",
        Reason: `Harassment or hate — about post ${post.id}, “${post.title}”`,
      });
      expect(rows[0]!.Result).toContain(
        "Warning recorded, but the message to the member was not sent: Push service is down",
      );
    });

    it("warns nobody when the delete does not happen: an upstream failure, or a post already gone", async () => {
      const admin = await PanelClient.signedIn(stack.panel.url);
      const { post, author } = await pick((user) => user.devicesCount > 0);
      await injectFault(stack.demo.url, {
        method: "DELETE",
        path: `/posts/${post.id}`,
        status: 500,
        body: { message: "Database is read-only" },
        times: 1,
      });
      const fields = { intent: "delete-and-warn", id: String(post.id), reason: "Spam", text: TEXT };
      const failed = await admin.post(`/posts?confirm=delete-and-warn&id=${post.id}`, fields);
      expect(toastMessage((await admin.follow(failed)).html)).toBe("Database is read-only");
      const gone = await admin.post("/posts", { ...fields, id: "999999" });
      expect(toastMessage((await admin.follow(gone)).html)).toBe("This post has already been deleted");

      expect(await deletes(post.id)).toHaveLength(1);
      expect(await deletes(999999)).toEqual([]);
      expect(await recordedRequests(stack.demo.url, PUSH)).toEqual([]);
      expect(await strikesOf(admin, author.id)).toBe("0 in the last 180 days");
    });

    it("answers bad input with a 400, the messages and what was typed, and sends nothing", async () => {
      const admin = await PanelClient.signedIn(stack.panel.url);
      const { post } = await pick(() => true);
      const path = `/posts?confirm=delete-and-warn&id=${post.id}`;
      const answer = await admin.post(path, {
        intent: "delete-and-warn",
        id: String(post.id),
        reason: "",
        text: "Stop it",
      });
      expect(answer.status).toBe(400);
      const dialog = (await htmlPage(answer)).getByRole("dialog", { name: "Delete and warn the author" });
      expect(within(dialog).getByText("Please choose a reason")).toBeTruthy();
      expect(valueOf(within(dialog).getByRole("textbox", { name: "Message to the member" }))).toBe("Stop it");

      const empty = await admin.post(path, {
        intent: "delete-and-warn",
        id: String(post.id),
        reason: "Spam",
        text: "  ",
      });
      expect(empty.status).toBe(400);
      const refused = (await htmlPage(empty)).getByRole("dialog", { name: "Delete and warn the author" });
      expect(within(refused).getByText("Please write the message to the member")).toBeTruthy();
      expect(valueOf(within(refused).getByRole("combobox", { name: "Reason" }))).toBe("Spam");
      expect(await recordedRequests(stack.demo.url, "/posts/")).toEqual([]);
      expect(await recordedRequests(stack.demo.url, PUSH)).toEqual([]);
    });

    it("offers nothing for a post without an author, and refuses a hand-made post for it with nothing sent", async () => {
      const admin = await PanelClient.signedIn(stack.panel.url);
      const orphan = {
        id: 33,
        title: "An orphan post",
        description: "Its author's account is gone.",
        createdAt: new Date().toISOString(),
        user: null,
      };
      await injectFault(stack.demo.url, {
        method: "GET",
        path: "/posts",
        status: 200,
        body: { data: { data: [orphan] } },
      });
      const list = await htmlPage(await admin.get("/posts"));
      expect(list.getByRole("heading", { name: "An orphan post" })).toBeTruthy();
      expect(list.getByRole("link", { name: "Delete post An orphan post" })).toBeTruthy();
      expect(list.queryByRole("link", { name: /Delete and warn/ })).toBeNull();
      const dialog = (await htmlPage(await admin.get("/posts?confirm=delete-and-warn&id=33"))).getByRole("dialog", {
        name: "Delete and warn the author",
      });
      expect(within(dialog).getByText("This post has no author to warn")).toBeTruthy();
      expect(within(dialog).queryByRole("button", { name: "Delete and warn" })).toBeNull();

      const answer = await admin.post("/posts", { intent: "delete-and-warn", id: "33", reason: "Spam", text: TEXT });
      expect(toastMessage((await admin.follow(answer)).html)).toBe("This post has no author to warn");
      expect(await recordedRequests(stack.demo.url, "/posts/")).toEqual([]);
      expect(await recordedRequests(stack.demo.url, PUSH)).toEqual([]);
    });
  });
}
