import { describe, expect, it } from "vitest";

import { demoAdminCookie } from "../support/demo-data";
import { holdCalls, injectFault, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { useStack } from "../support/use-stack";
import type { AnnouncementRecord } from "../../demo-api/types";

const stack = useStack();

/** A panel client signed in as the admin. */
const admin = () => PanelClient.signedIn(stack.panel.url);

/** The demo API answers with its own records. */
type DemoAnnouncement = AnnouncementRecord;

/** Every announcement, read straight from the demo API. */
async function demoAnnouncements(): Promise<DemoAnnouncement[]> {
  const cookie = await demoAdminCookie(stack.demo.url);
  const answer = (await (
    await fetch(`${stack.demo.url}/api/announcements?page=1&limit=100`, { headers: { cookie } })
  ).json()) as {
    data: DemoAnnouncement[];
  };
  return answer.data;
}

async function announcement(id: number): Promise<DemoAnnouncement | undefined> {
  return (await demoAnnouncements()).find((candidate) => candidate.id === id);
}

/** The mutations (anything but GET) that reached the upstream's /announcements. */
async function mutations() {
  return (await recordedRequests(stack.demo.url, "/announcements")).filter((call) => call.method !== "GET");
}

/** A valid create form as a browser without JavaScript posts it (checked switches send "true"). */
const createForm = {
  intent: "create",
  title: "Water outage on Friday",
  description: "The water is off from 9 to 12.",
  date: "2026-02-01T09:30",
  imageUrl: "",
  isActive: "true",
};

describe("GET /announcements", () => {
  it("asks for page 1 of 10 and the stats, and leaves out an empty search", async () => {
    const panel = await admin();
    const response = await panel.get("/announcements?search=%20%20");
    expect(response.status).toBe(200);
    const calls = await recordedRequests(stack.demo.url, "/announcements");
    const lists = calls.filter((call) => call.path === "/announcements");
    expect(lists.map((call) => call.query)).toEqual([{ page: "1", limit: "10" }]);
    expect(calls.filter((call) => call.path === "/announcements/stats/overview")).toHaveLength(1);
  });

  it("sends the page and the search term", async () => {
    const panel = await admin();
    await panel.get("/announcements?page=2&search=town&limit=50");
    const [call] = (await recordedRequests(stack.demo.url, "/announcements")).filter(
      (entry) => entry.path === "/announcements",
    );
    expect(call!.query).toEqual({ page: "2", limit: "10", search: "town" });
  });

  it("calls the list and the stats in parallel", async () => {
    const panel = await admin();
    const held = await holdCalls(stack.demo.url, { method: "GET", path: "/announcements*" });
    const page = panel.get("/announcements");
    // Both calls arrive while the demo API holds them: called one after the other, the second
    // could only arrive once the first was answered, and this would wait until the test times out.
    await held.arrived(2);
    expect(await held.release()).toBe(2);
    expect((await page).status).toBe(200);
  });

  it("shows the tiles, the rows and 'Showing X to Y of Z announcements'", async () => {
    const panel = await admin();
    const html = decodeEntities(await (await panel.get("/announcements")).text());
    expect(html).toContain("Create and manage community announcements");
    for (const [key, value] of [
      ["total", 28],
      ["active", 22],
      ["pinned", 4],
      ["today", 2],
    ] as const) {
      expect(html).toMatch(new RegExp(`data-testid="stat-${key}"[\\s\\S]*?<dd[^>]*>${value}</dd>`));
    }
    expect(html.match(/data-testid="announcement-row"/g)).toHaveLength(10);
    expect(html).toContain("Showing 1 to 10 of 28 announcements");
    const last = decodeEntities(await (await panel.get("/announcements?page=3")).text());
    expect(last).toContain("Showing 21 to 28 of 28 announcements");
    expect(last.match(/data-testid="announcement-row"/g)).toHaveLength(8);
  });

  it("shows the last page for a page past the end", async () => {
    const panel = await admin();
    const html = await (await panel.get("/announcements?page=9")).text();
    expect(html).toContain("Showing 21 to 28 of 28 announcements");
  });

  it("shows the search empty state", async () => {
    const panel = await admin();
    const html = await (await panel.get("/announcements?search=no-such-announcement")).text();
    expect(html).toContain("No Announcements Found");
    expect(html).toContain("No announcements match your search criteria.");
    expect(html).not.toContain("Showing ");
  });

  it("shows the list's error state when the list fails", async () => {
    await injectFault(stack.demo.url, { method: "GET", path: "/announcements", status: 500 });
    const panel = await admin();
    const response = await panel.get("/announcements");
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(html).toContain("Some error occurred while fetching data");
    expect(html).not.toContain("Injected fault");
  });

  it("keeps the list when only the stats fail", async () => {
    await injectFault(stack.demo.url, { method: "GET", path: "/announcements/stats/overview", status: 500 });
    const panel = await admin();
    const response = await panel.get("/announcements");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.match(/data-testid="announcement-row"/g)).toHaveLength(10);
    expect(html).toContain("Some error occurred while fetching data");
  });

  it("opens the edit form for an announcement on another page", async () => {
    const panel = await admin();
    const target = (await demoAnnouncements())[25]!;
    const html = decodeEntities(await (await panel.get(`/announcements?edit=${target.id}`)).text());
    expect(html).toContain("Edit Announcement");
    expect(html).toContain(`value="${target.title}"`);
  });

  it("opens the create form with the defaults of a new announcement", async () => {
    const panel = await admin();
    const html = await (await panel.get("/announcements?new")).text();
    expect(html).toContain("Create Announcement");
    expect(html).toMatch(/<input[^>]*type="datetime-local"[^>]*value="\d{4}-\d{2}-\d{2}T\d{2}:\d{2}"/);
    expect(html).toMatch(/<input[^>]*role="switch"[^>]*name="isActive"[^>]*checked=""/);
    expect(html).not.toMatch(/<input[^>]*role="switch"[^>]*name="isPinned"[^>]*checked=""/);
  });
});

describe("POST /announcements intent=create", () => {
  it("creates through POST /announcements, leaving out empty optional fields", async () => {
    const panel = await admin();
    const response = await panel.post("/announcements?page=2&new", createForm);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/announcements?page=2");
    const { html } = await panel.follow(response);
    expect(toastMessage(html)).toBe("Announcement created successfully");
    const calls = await mutations();
    expect(calls.map((call) => [call.method, call.path])).toEqual([["POST", "/announcements"]]);
    expect(calls[0]!.body).toEqual({
      title: "Water outage on Friday",
      description: "The water is off from 9 to 12.",
      date: "2026-02-01T09:30:00.000Z",
      isActive: true,
      isPinned: false,
    });
    expect(html).toMatch(/data-testid="stat-total"[\s\S]*?<dd[^>]*>29<\/dd>/);
  });

  it("sends a trimmed image URL and reads the switches JavaScript sends", async () => {
    const panel = await admin();
    const response = await panel.post("/announcements?new", {
      ...createForm,
      title: "  Padded  ",
      imageUrl: " https://cdn.example.com/a.png ",
      isActive: "false",
      isPinned: "true",
    });
    expect(response.status).toBe(302);
    const [call] = await mutations();
    expect(call!.body).toMatchObject({
      title: "Padded",
      imageUrl: "https://cdn.example.com/a.png",
      isActive: false,
      isPinned: true,
    });
  });

  it.each([
    [{ title: "" }, "Title is required"],
    [{ title: "x".repeat(256) }, "Title must be less than 255 characters"],
    [{ description: "  " }, "Description is required"],
    [{ description: "x".repeat(2001) }, "Description must be less than 2000 characters"],
    [{ date: "" }, "Date is required"],
    [{ imageUrl: "not-a-url" }, "Please enter a valid URL"],
  ])("answers %j with 400, '%s' and what was typed", async (change, message) => {
    const panel = await admin();
    const fields = { ...createForm, title: "Kept title", description: "Kept description", ...change };
    const response = await panel.post("/announcements?new", fields);
    expect(response.status).toBe(400);
    const html = decodeEntities(await response.text());
    expect(html).toContain(message);
    expect(html).toContain("Create Announcement");
    for (const value of [fields.title, fields.description]) {
      if (value.trim() && value.length < 300) expect(html).toContain(value);
    }
    expect(await mutations()).toEqual([]);
  });

  it("keeps the typed form and says 'Failed to create announcement' when the upstream fails", async () => {
    await injectFault(stack.demo.url, {
      method: "POST",
      path: "/announcements",
      status: 500,
      body: "<html><body>Internal Server Error</body></html>",
    });
    const panel = await admin();
    const response = await panel.post("/announcements?new", { ...createForm, isPinned: "true" });
    expect(response.status).toBe(502);
    const html = decodeEntities(await response.text());
    expect(toastMessage(html)).toBe("Failed to create announcement");
    expect(html).not.toContain("Injected fault");
    expect(html).toContain('value="Water outage on Friday"');
    expect(html).toContain("The water is off from 9 to 12.");
    expect(html).toContain('value="2026-02-01T09:30"');
    expect(html).toMatch(/<input[^>]*role="switch"[^>]*name="isPinned"[^>]*checked=""/);
  });

  it("puts upstream field errors on their fields and in the toast", async () => {
    await injectFault(stack.demo.url, {
      method: "POST",
      path: "/announcements",
      status: 400,
      body: { message: "Validation failed", errors: [{ field: "body.title", message: "Title already exists" }] },
    });
    const panel = await admin();
    const response = await panel.post("/announcements?new", createForm);
    expect(response.status).toBe(400);
    const html = decodeEntities(await response.text());
    expect(toastMessage(html)).toBe("title: Title already exists");
    expect(html).toMatch(/data-field-error[^>]*>Title already exists</);
  });
});

describe("POST /announcements intent=update", () => {
  it("updates through PUT /announcements/{id} and goes back to the same list", async () => {
    const panel = await admin();
    const response = await panel.post("/announcements?page=2&search=a&edit=3", {
      ...createForm,
      intent: "update",
      id: "3",
      title: "Renamed",
      isPinned: "true",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/announcements?page=2&search=a");
    expect(toastMessage((await panel.follow(response)).html)).toBe("Announcement updated successfully");
    const calls = await mutations();
    expect(calls.map((call) => [call.method, call.path])).toEqual([["PUT", "/announcements/3"]]);
    expect(calls[0]!.body).toEqual({
      title: "Renamed",
      description: "The water is off from 9 to 12.",
      date: "2026-02-01T09:30:00.000Z",
      isActive: true,
      isPinned: true,
      imageUrl: null,
    });
    expect(await announcement(3)).toMatchObject({ title: "Renamed", isPinned: true, isActive: true });
  });

  it("removes the image when the edit clears Image URL, and keeps one that stays", async () => {
    const panel = await admin();
    const [withImage, other] = (await demoAnnouncements()).filter((candidate) => candidate.imageUrl);
    const kept = await panel.post(`/announcements?edit=${other!.id}`, {
      ...createForm,
      intent: "update",
      id: String(other!.id),
      imageUrl: other!.imageUrl!,
    });
    expect(kept.status).toBe(302);
    expect((await announcement(other!.id))!.imageUrl).toBe(other!.imageUrl);

    const cleared = await panel.post(`/announcements?edit=${withImage!.id}`, {
      ...createForm,
      intent: "update",
      id: String(withImage!.id),
      imageUrl: "  ",
    });
    expect(cleared.status).toBe(302);
    expect(toastMessage((await panel.follow(cleared)).html)).toBe("Announcement updated successfully");
    expect((await announcement(withImage!.id))!.imageUrl).toBeNull();
  });

  it("keeps the typed form and shows the upstream's refusal", async () => {
    const panel = await admin();
    const response = await panel.post("/announcements?edit=9999", {
      ...createForm,
      intent: "update",
      id: "9999",
      title: "Ghost",
    });
    expect(response.status).toBe(404);
    const html = decodeEntities(await response.text());
    expect(toastMessage(html)).toBe("Announcement not found");
  });

  it("says 'Failed to update announcement' when the upstream fails", async () => {
    await injectFault(stack.demo.url, {
      method: "PUT",
      path: "/announcements/3",
      status: 503,
      body: "<html><body>Internal Server Error</body></html>",
    });
    const panel = await admin();
    const response = await panel.post("/announcements?edit=3", {
      ...createForm,
      intent: "update",
      id: "3",
      title: "Kept on failure",
    });
    expect(response.status).toBe(502);
    const html = decodeEntities(await response.text());
    expect(toastMessage(html)).toBe("Failed to update announcement");
    expect(html).toContain('value="Kept on failure"');
    expect(html).toContain("Edit Announcement");
  });
});

describe("POST /announcements intent=delete", () => {
  it("deletes through DELETE /announcements/{id} and drops the dialog params", async () => {
    const panel = await admin();
    const response = await panel.post("/announcements?page=3&confirm=delete&id=5", { intent: "delete", id: "5" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/announcements?page=3");
    const { html } = await panel.follow(response);
    expect(toastMessage(html)).toBe("Announcement deleted successfully");
    expect(decodeEntities(html)).toContain("Showing 21 to 27 of 27 announcements");
    expect((await mutations()).map((call) => [call.method, call.path])).toEqual([["DELETE", "/announcements/5"]]);
    expect(await announcement(5)).toBeUndefined();
  });

  it("shows the upstream's message for an unknown id, and the fallback for a failure", async () => {
    const panel = await admin();
    const missing = await panel.post("/announcements", { intent: "delete", id: "9999" });
    expect(toastMessage((await panel.follow(missing)).html)).toBe("Announcement not found");
    await injectFault(stack.demo.url, {
      method: "DELETE",
      path: "/announcements/5",
      status: 500,
      body: "<html><body>Internal Server Error</body></html>",
    });
    const failed = await panel.post("/announcements", { intent: "delete", id: "5" });
    expect(toastMessage((await panel.follow(failed)).html)).toBe("Failed to delete announcement");
    expect(await announcement(5)).toBeDefined();
  });
});

describe("the delete confirmation from the URL", () => {
  /** The confirmation's live Delete form: its hidden intent field. */
  const liveDelete = /<input[^>]*type="hidden"[^>]*name="intent"[^>]*value="delete"/;

  it("offers Delete only while the announcement exists, also for one on another page (Back after deleting it)", async () => {
    const panel = await admin();
    const target = (await demoAnnouncements())[25]!;
    const url = `/announcements?confirm=delete&id=${target.id}`;
    const before = decodeEntities(await (await panel.get(url)).text());
    expect(before).toContain("Delete Announcement");
    expect(before).toContain(`“<!-- -->${target.title}<!-- -->”`);
    expect(before).toMatch(liveDelete);

    const deleted = await panel.post(url, { intent: "delete", id: String(target.id) });
    expect(toastMessage((await panel.follow(deleted)).html)).toBe("Announcement deleted successfully");

    const after = decodeEntities(await (await panel.get(url)).text());
    expect(after).toContain("Delete Announcement");
    expect(after).toContain("Announcement not found");
    expect(after).not.toMatch(liveDelete);
    expect((await mutations()).map((call) => call.method)).toEqual(["DELETE"]);
  });
});

describe("POST /announcements toggles", () => {
  it("deactivates once, even when the form is posted twice", async () => {
    const panel = await admin();
    expect((await announcement(1))!.isActive).toBe(true);
    const fields = { intent: "toggle-status", id: "1", isActive: "false" };
    const first = await panel.post("/announcements?page=2", fields);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/announcements?page=2");
    expect(toastMessage((await panel.follow(first)).html)).toBe("Status updated successfully");
    const second = await panel.post("/announcements?page=2", fields);
    // Already inactive: the second sends nothing and says so, as every stale row action does (issue 24).
    expect(toastMessage((await panel.follow(second)).html)).toBe(
      "Announcement Scheduled maintenance is already inactive",
    );
    const patches = await mutations();
    expect(patches.map((call) => [call.method, call.path])).toEqual([["PATCH", "/announcements/1/toggle-status"]]);
    expect((await announcement(1))!.isActive).toBe(false);
  });

  it("activates an inactive one", async () => {
    const panel = await admin();
    expect((await announcement(4))!.isActive).toBe(false);
    await panel.post("/announcements", { intent: "toggle-status", id: "4", isActive: "true" });
    expect((await announcement(4))!.isActive).toBe(true);
  });

  it("pins once, even when the form is posted twice", async () => {
    const panel = await admin();
    expect((await announcement(2))!.isPinned).toBe(false);
    const fields = { intent: "toggle-pinned", id: "2", isPinned: "true" };
    const first = await panel.post("/announcements", fields);
    expect(toastMessage((await panel.follow(first)).html)).toBe("Pinned status updated successfully");
    await panel.post("/announcements", fields);
    const patches = await mutations();
    expect(patches.map((call) => [call.method, call.path])).toEqual([["PATCH", "/announcements/2/toggle-pinned"]]);
    expect((await announcement(2))!.isPinned).toBe(true);
    const { html } = await panel.follow(first);
    expect(html).toMatch(/data-testid="stat-pinned"[\s\S]*?<dd[^>]*>5<\/dd>/);
  });

  it("calls nothing when the announcement is already in the wanted state", async () => {
    const panel = await admin();
    // Announcement 2 is not pinned: unpinning it changes nothing.
    await panel.post("/announcements", { intent: "toggle-pinned", id: "2", isPinned: "false" });
    expect(await mutations()).toEqual([]);
  });

  it.each([
    ["toggle-status", "isActive", "Failed to update status"],
    ["toggle-pinned", "isPinned", "Failed to update pinned status"],
  ])("says '%s' failed with the spec's text", async (intent, field, message) => {
    await injectFault(stack.demo.url, {
      method: "PATCH",
      path: "/announcements/1/*",
      status: 500,
      body: "<html><body>Internal Server Error</body></html>",
    });
    const panel = await admin();
    const response = await panel.post("/announcements", { intent, id: "1", [field]: "false" });
    expect(toastMessage((await panel.follow(response)).html)).toBe(message);
  });

  it("answers an unknown id with the upstream's message", async () => {
    const panel = await admin();
    const response = await panel.post("/announcements", { intent: "toggle-status", id: "9999", isActive: "false" });
    expect(toastMessage((await panel.follow(response)).html)).toBe("Announcement not found");
  });

  it("answers a toggle without a wanted state with 400", async () => {
    const panel = await admin();
    expect((await panel.post("/announcements", { intent: "toggle-status", id: "1" })).status).toBe(400);
    expect((await panel.post("/announcements", { intent: "toggle-pinned", id: "1", isPinned: "maybe" })).status).toBe(
      400,
    );
    expect(await mutations()).toEqual([]);
  });
});

describe("POST /announcements other posts", () => {
  it("answers an unknown intent with 400 and calls nothing", async () => {
    const panel = await admin();
    const response = await panel.post("/announcements", { intent: "publish", id: "1" });
    expect(response.status).toBe(400);
    expect(toastMessage(await response.text())).toBe("Unknown action");
    expect((await panel.post("/announcements", { id: "1" })).status).toBe(400);
    expect(await mutations()).toEqual([]);
  });

  it("rejects prototype-polluting field names", async () => {
    const panel = await admin();
    const response = await panel.post("/announcements", [
      ["intent", "create"],
      ["__proto__.isAdmin", "true"],
    ]);
    expect(response.status).toBe(400);
    expect(await mutations()).toEqual([]);
  });

  it("renders a title holding markup as text", async () => {
    const panel = await admin();
    const title = '<img src=x onerror="alert(1)"><b>Bold</b>';
    const created = await panel.post("/announcements", { ...createForm, title, date: "2099-01-01T00:00" });
    expect(created.status).toBe(302);
    const html = await (await panel.get("/announcements")).text();
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b>Bold</b>");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;b&gt;Bold&lt;/b&gt;");
  });
});
