// The sessions page (docs/product.md#sessions): an admin's sessions as the server's HTML lists
// them, "Sign out" on one and "Sign out all other sessions", each ended session an audit entry; and
// an ended session refused at its next request on every instance: on the embedded engine (one
// instance holds it), and with two instances sharing one Redis.
import { within } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";

import { auditRows } from "../support/audit-page";
import { PanelClient, toastMessage } from "../support/form-post";
import { htmlPage } from "../support/html";
import { useStack, useTwoPanelsOnRedis } from "../support/use-stack";

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** A browser with its own cookie jar, its User-Agent and (through a trusted proxy) its address on every request. */
class Browser extends PanelClient {
  constructor(
    baseUrl: string,
    private readonly from: { userAgent: string; address: string },
  ) {
    super(baseUrl);
  }

  override get(path: string, headers: Record<string, string> = {}) {
    return super.get(path, { ...this.headers(), ...headers });
  }

  override post(path: string, fields: Record<string, string> | [string, string][], headers = {}) {
    return super.post(path, fields, { ...this.headers(), ...headers });
  }

  private headers() {
    return { "user-agent": this.from.userAgent, "x-forwarded-for": this.from.address };
  }
}

/** Signs in as the demo admin from a browser of its own. */
async function signedIn(url: string, userAgent: string, address: string): Promise<Browser> {
  const browser = new Browser(url, { userAgent, address });
  await browser.signIn();
  return browser;
}

/** Ends every session of the demo admin's on the panel at `url`: each test starts with none (the panel's state outlives the demo's reset). */
async function signOutEverywhere(url: string): Promise<void> {
  const browser = await signedIn(url, FIREFOX_LINUX, "192.0.2.1");
  await browser.post("/account/sessions", { intent: "sign-out-others" });
  await browser.post("/logout", {});
}

/**
 * The sessions page's list as `browser` reads it: per session, its first line (browser and device,
 * "This session"), each labelled fact by its label, and the whole item as Actions.
 */
async function sessionRows(browser: PanelClient) {
  const response = await browser.get("/account/sessions");
  expect(response.status).toBe(200);
  const page = await htmlPage(response);
  const rows = within(page.getByRole("list", { name: "Your sessions" }))
    .getAllByRole("listitem")
    .map((item) => {
      const facts = [...item.querySelectorAll("dt")].map((label) => [label.textContent!, label.nextElementSibling!]);
      return Object.fromEntries([
        ["Browser and device", item.querySelector("p")!],
        ...facts,
        ["Actions", item],
      ]) as Record<string, HTMLElement>;
    });
  return { page, rows };
}

/** The reference a session's Sign out form posts. */
function refOf(cell: HTMLElement): string {
  return cell.querySelector<HTMLInputElement>('input[name="id"]')!.value;
}

/** Where an admin page sends `browser` now. */
async function nextRequest(browser: PanelClient, path = "/users"): Promise<string | null> {
  const response = await browser.get(path);
  await response.body?.cancel();
  return response.status === 200 ? "the page" : response.headers.get("location");
}

describe("the sessions page, on the embedded engine", { timeout: 120_000 }, () => {
  const stack = useStack({ TRUST_PROXY: "loopback" });
  beforeEach(() => signOutEverywhere(stack.panel.url));

  it("lists each session's browser and device, address, sign-in and last seen, and marks this one", async () => {
    const laptop = await signedIn(stack.panel.url, FIREFOX_LINUX, "203.0.113.7");
    await signedIn(stack.panel.url, SAFARI_IPHONE, "198.51.100.23");

    const { rows, page } = await sessionRows(laptop);

    expect(rows.map((row) => [row["Browser and device"]!.textContent, row.Address!.textContent])).toEqual([
      ["Firefox on LinuxThis session", "203.0.113.7"],
      ["Safari on iPhone", "198.51.100.23"],
    ]);
    for (const row of rows) {
      expect(row["Signed in"]!.querySelector("time")?.getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(row["Last seen"]!.querySelector("time")?.getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    // This session is signed out from the user menu; the other has a Sign out of its own, naming it.
    expect(within(rows[0]!.Actions!).queryByRole("button")).toBeNull();
    expect(within(rows[1]!.Actions!).getByRole("button").textContent).toMatch(
      /^Sign out Safari on iPhone, 198\.51\.100\.23, last seen /,
    );
    const confirm = page.getByRole("link", { name: "Sign out all other sessions" }).getAttribute("href")!;
    expect(confirm).toMatch(/^\/account\/sessions\?confirm=sign-out-others&id=[\w-]{12}$/);
    // The dialog, as the server renders it without JavaScript.
    const dialog = (await htmlPage(await laptop.get(confirm))).getByRole("alertdialog", {
      name: "Sign out all other sessions",
    });
    expect(within(dialog).getByRole("button", { name: "Sign out all" })).toBeDefined();
  });

  it("signs out all other sessions: each is refused at its next request, each is an audit entry", async () => {
    const laptop = await signedIn(stack.panel.url, FIREFOX_LINUX, "203.0.113.7");
    const phone = await signedIn(stack.panel.url, SAFARI_IPHONE, "198.51.100.23");
    const tablet = await signedIn(stack.panel.url, SAFARI_IPHONE, "198.51.100.24");
    const named = (await sessionRows(laptop)).rows
      .slice(1)
      .map(
        (row) =>
          `${row["Browser and device"]!.textContent}, ${row.Address!.textContent} (session ${refOf(row.Actions!)})`,
      );

    const answer = await laptop.post("/account/sessions", { intent: "sign-out-others" });

    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/account/sessions");
    const { html } = await laptop.follow(answer);
    expect(toastMessage(html)).toBe("Signed out of 2 other sessions");
    expect(await nextRequest(phone)).toBe("/login?redirectTo=%2Fusers&expired=1");
    expect(await nextRequest(tablet, "/audit")).toBe("/login?redirectTo=%2Faudit&expired=1");
    expect(await nextRequest(laptop)).toBe("the page");
    expect((await sessionRows(laptop)).rows).toHaveLength(1);

    // The trail's newest two entries about sessions: one each, naming it.
    const { rows } = await auditRows(laptop, "?kind=session");
    expect(rows.slice(0, 2).map((row) => [row.Admin, row.Action, row.Target, row.Result])).toEqual(
      expect.arrayContaining(named.map((name) => ["admin@example.com", "Signed out", name, "Done"])),
    );
    expect(named).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Safari on iPhone, 198\.51\.100\.23 \(session [\w-]{12}\)$/)]),
    );
  });

  it("signs out one session, and refuses this one, one already ended and a malformed reference", async () => {
    const laptop = await signedIn(stack.panel.url, FIREFOX_LINUX, "203.0.113.7");
    const phone = await signedIn(stack.panel.url, SAFARI_IPHONE, "198.51.100.23");
    const ref = refOf((await sessionRows(laptop)).rows[1]!.Actions!);

    const answer = await laptop.post("/account/sessions", { intent: "sign-out", id: ref });
    expect(toastMessage((await laptop.follow(answer)).html)).toBe("Session signed out");
    expect(await nextRequest(phone)).toBe("/login?redirectTo=%2Fusers&expired=1");

    const again = await laptop.post("/account/sessions", { intent: "sign-out", id: ref });
    expect(toastMessage((await laptop.follow(again)).html)).toBe("This session has already ended");
    // This session's own reference, as the phone's page lists it.
    const ownRef = refOf(
      (await sessionRows(await signedIn(stack.panel.url, SAFARI_IPHONE, "198.51.100.9"))).rows[1]!.Actions!,
    );
    const own = await laptop.post("/account/sessions", { intent: "sign-out", id: ownRef });
    expect(toastMessage((await laptop.follow(own)).html)).toBe(
      "This is the session you are using: sign out from the user menu",
    );
    expect(await nextRequest(laptop)).toBe("the page");
    const malformed = await laptop.post("/account/sessions", { intent: "sign-out", id: "../x" });
    expect(malformed.status).toBe(400);
    const none = await laptop.post("/account/sessions", { intent: "sign-out-others" });
    expect(toastMessage((await laptop.follow(none)).html)).toBe("Signed out of 1 other session");
    const nothingLeft = await laptop.post("/account/sessions", { intent: "sign-out-others" });
    expect(toastMessage((await laptop.follow(nothingLeft)).html)).toBe("There are no other sessions");
  });

  it("names the session a sign-out from the user menu ends, in its audit entry", async () => {
    const laptop = await signedIn(stack.panel.url, FIREFOX_LINUX, "203.0.113.7");
    const phone = await signedIn(stack.panel.url, SAFARI_IPHONE, "198.51.100.23");
    await phone.post("/logout", {});
    const [entry] = (await auditRows(laptop, "?action=sign-out")).rows;
    expect(entry).toMatchObject({
      Action: "Signed out",
      Target: expect.stringMatching(/^Safari on iPhone, 198\.51\.100\.23 \(session [\w-]{12}\)$/),
    });
  });

  it("is reachable from the user menu", async () => {
    const laptop = await signedIn(stack.panel.url, FIREFOX_LINUX, "203.0.113.7");
    const page = await htmlPage(await laptop.get("/"));
    expect(page.getByRole("link", { name: "Sessions" }).getAttribute("href")).toBe("/account/sessions");
  });
});

describe("sessions ended on one instance, with two sharing one Redis", { timeout: 120_000 }, () => {
  const { stack, second } = useTwoPanelsOnRedis({ TRUST_PROXY: "loopback" });

  it("refuses the other instance's session at its next request once all other sessions are signed out", async () => {
    const here = await signedIn(stack.panel.url, FIREFOX_LINUX, "203.0.113.7");
    const there = await signedIn(second().url, SAFARI_IPHONE, "198.51.100.23");
    expect(await nextRequest(there)).toBe("the page");
    // Each instance lists both sessions: the index is shared.
    expect((await sessionRows(there)).rows).toHaveLength(2);

    const answer = await here.post("/account/sessions", { intent: "sign-out-others" });
    expect(toastMessage((await here.follow(answer)).html)).toBe("Signed out of 1 other session");

    expect(await nextRequest(there)).toBe("/login?redirectTo=%2Fusers&expired=1");
    expect(await nextRequest(here)).toBe("the page");
  });
});
