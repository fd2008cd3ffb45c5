// Security round four (low): the pages that never reach the upstream are the panel's to refuse.
// The read-only moderator role neither reads the audit trail (its page and its file) nor a
// batch's results, and cannot claim a citizenship request in the queue (which would block the
// admins); the sidebar does not offer what it cannot open.
import { describe, expect, it } from "vitest";

import { confirm, finishedResults, reviewPath } from "../support/bulk";
import { findDemoUser } from "../support/demo-data";
import { PanelClient } from "../support/form-post";
import { htmlPage } from "../support/html";
import { useStack } from "../support/use-stack";

const MODERATOR = { email: "moderator@example.com", password: "Moderator12345" };
const NO_ACCESS = "You do not have access to this page";

describe("the panel's own pages by role", () => {
  const stack = useStack();

  it("refuses a moderator the audit trail, its file and a batch's results with a 403 page", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    const confirmed = await confirm(admin, reviewPath("users", "ban", [7]), { reason: "Spam" });
    await finishedResults(admin, confirmed);
    const results = confirmed.headers.get("location")!;

    const moderator = await PanelClient.signedIn(stack.panel.url, MODERATOR.email, MODERATOR.password);
    for (const path of ["/audit", "/audit.csv", results, reviewPath("users", "ban", [8])]) {
      const page = await moderator.get(path);
      expect(page.status, path).toBe(403);
      expect(await page.text(), path).toContain(NO_ACCESS);
    }
    const home = await htmlPage(await moderator.get("/"));
    expect(home.queryByRole("link", { name: /Audit/ })).toBeNull();
    const adminHome = await htmlPage(await admin.get("/"));
    expect(adminHome.getAllByRole("link", { name: /Audit/ }).length).toBeGreaterThan(0);
  });

  it("lets no moderator claim a queue request: the admin who opens it finds it free", async () => {
    const pending = await findDemoUser(stack.demo.url, (user) => user.badgeRequestStatus === 1);
    const path = `/badge-requests/review/${pending.id}`;
    const moderator = await PanelClient.signedIn(stack.panel.url, MODERATOR.email, MODERATOR.password);
    expect((await moderator.get(path)).status).toBe(403);
    const admin = await PanelClient.signedIn(stack.panel.url);
    const queue = await admin.get(path);
    expect(queue.status).toBe(200);
    expect(await queue.text()).not.toContain("Being reviewed by moderator@example.com");
  });
});
