// Security round four (low): an audit entry names what the action acted on. A form's `id` does
// not move an action on one user's page to another user, and a made-up intent with a reason
// lands in no member's History: it is recorded as refused, without its target or reason.
import { describe, expect, it } from "vitest";

import { auditRows } from "../support/audit-page";
import { findDemoUser } from "../support/demo-data";
import { recordedRequests } from "../support/demo-hooks";
import { PanelClient } from "../support/form-post";
import { useStack } from "../support/use-stack";

describe("what an audit entry names", () => {
  const stack = useStack();

  it("names the user whose page a push was sent from, whatever id the form carries", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    const sent = await admin.post("/users/5?confirm=notify", {
      intent: "notify",
      id: "6",
      title: "Hello",
      message: "A word from the team",
    });
    expect(sent.status).toBe(302);
    const [push] = await recordedRequests(stack.demo.url, "/fcm/send-notification-to-user");
    const userFive = await findDemoUser(stack.demo.url, (user) => user.id === 5);
    expect(push?.body).toMatchObject({ email: userFive.email });
    const [entry] = (await auditRows(admin, "?action=notify")).rows;
    expect(entry?.Target).toMatch(/\buser 5\)?$/);
  });

  it("records a made-up intent as refused, without its reason, and not in the member's History", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    const answer = await admin.post("/users", { intent: "erase-everything", id: "12", reason: "Planted evidence" });
    expect(answer.status).toBe(400);
    const [entry] = (await auditRows(admin, "?action=erase-everything")).rows;
    expect(entry).toMatchObject({ Action: "Erase-everything", Target: "", Reason: "" });
    expect(entry!.Result).toMatch(/^Refused/);
    const history = await (await admin.get("/users/12")).text();
    expect(history).not.toContain("Planted evidence");
    expect(history).not.toContain("erase-everything");
  });
});
