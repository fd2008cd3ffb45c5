// Announcement dates in a panel whose APP_TIMEZONE is not UTC (issue 15): the form names the zone,
// reads what is typed as a time in it, sends the instant in UTC, and the list and the edit form
// show it back in the same zone.
import { describe, expect, it } from "vitest";

import { recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient } from "../support/form-post";
import { useStack } from "../support/use-stack";

const stack = useStack({ APP_TIMEZONE: "America/Los_Angeles" });

describe("announcement dates in America/Los_Angeles", () => {
  it("names the zone, sends 09:00 there as 17:00 UTC, and shows 09:00 back", async () => {
    const panel = await PanelClient.signedIn(stack.panel.url);
    const form = decodeEntities(await (await panel.get("/announcements?new")).text());
    expect(form).toContain("Time in America/Los_Angeles, the panel's time zone");

    const created = await panel.post("/announcements?new", {
      intent: "create",
      title: "Zone check",
      description: "Nine in the morning on the west coast.",
      date: "2026-03-02T09:00",
      isActive: "true",
    });
    expect(created.status).toBe(302);
    const [call] = (await recordedRequests(stack.demo.url, "/announcements")).filter(
      (entry) => entry.method === "POST",
    );
    expect(call!.body).toMatchObject({ date: "2026-03-02T17:00:00.000Z" });

    const list = decodeEntities(await (await panel.get("/announcements?search=Zone%20check")).text());
    const id = /href="\/announcements\?search=Zone\+check&amp;edit=([^"&]+)"|edit=([A-Za-z0-9_-]+)/.exec(list);
    expect(id, "the row's edit link").toBeTruthy();
    const edit = decodeEntities(
      await (await panel.get(`/announcements?search=Zone%20check&edit=${id![1] ?? id![2]}`)).text(),
    );
    expect(edit).toMatch(/name="date"[^>]*value="2026-03-02T09:00"|value="2026-03-02T09:00"[^>]*name="date"/);
  });
});
