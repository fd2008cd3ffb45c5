/**
 * The account-deletion page is no account oracle (decision 035): an email with an account and one
 * without get the same answers at both steps, while the upstream is still asked for the first.
 */
import { describe, expect, it } from "vitest";

import { outbox, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { useStack } from "../support/use-stack";

const stack = useStack();

const KNOWN = "member@example.com";
const UNKNOWN = "nobody-here@example.com";

/** The page's text as a person reads it, with `email` (which each page names) replaced by a placeholder. */
function textWithout(html: string, email: string): string {
  const body = html.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ");
  return decodeEntities(body).replace(/\s+/g, " ").trim().replaceAll(email, "EMAIL");
}

/** What a person sees after asking for a key for `email`: the answer, then the page it leads to. */
async function askForKey(email: string) {
  const client = new PanelClient(stack.panel.url);
  const sent = await client.post("/delete-account", { intent: "generate-key", email });
  const location = sent.headers.get("location");
  const next = sent.status === 302 ? await client.follow(sent) : { html: await sent.text() };
  return { client, status: sent.status, location, html: next.html };
}

/** What a person sees after typing `securityKey` at the key step. */
async function tryKey(client: PanelClient, securityKey: string) {
  const answer = await client.post("/delete-account?step=key", { intent: "delete-user", securityKey });
  return { status: answer.status, html: await answer.text() };
}

describe("account deletion", () => {
  it("answers an email without an account exactly as one with an account, and still asks the upstream", async () => {
    const known = await askForKey(KNOWN);
    const unknown = await askForKey(UNKNOWN);

    expect(known.status).toBe(302);
    expect(unknown.status).toBe(known.status);
    expect(unknown.location).toBe(known.location);
    expect(toastMessage(unknown.html)).toBe(toastMessage(known.html));
    expect(textWithout(unknown.html, UNKNOWN)).toBe(textWithout(known.html, KNOWN));
    expect(unknown.html).not.toContain("User not found");

    const calls = await recordedRequests(stack.demo.url, "/users/generate-key");
    expect(calls.map((call) => [call.body, call.status])).toEqual([
      [{ email: KNOWN }, 200],
      [{ email: UNKNOWN }, 404],
    ]);
  });

  it("refuses a key for an email without an account exactly as a wrong key", async () => {
    const known = await askForKey(KNOWN);
    const unknown = await askForKey(UNKNOWN);
    const realKey = (await outbox(stack.demo.url, KNOWN)).at(-1)?.securityKey;
    const guess = realKey === "000000" ? "111111" : "000000";

    const wrong = await tryKey(known.client, guess);
    const nobody = await tryKey(unknown.client, guess);

    expect(wrong.status).toBe(400);
    expect(toastMessage(wrong.html)).toBe("Invalid security key");
    expect(nobody.status).toBe(wrong.status);
    expect(toastMessage(nobody.html)).toBe(toastMessage(wrong.html));
    expect(textWithout(nobody.html, UNKNOWN)).toBe(textWithout(wrong.html, KNOWN));
    // Both keys reached the upstream, which refused them.
    const calls = await recordedRequests(stack.demo.url, "/users/delete-user");
    expect(calls.map((call) => call.status)).toEqual([400, 404]);
  });
});
