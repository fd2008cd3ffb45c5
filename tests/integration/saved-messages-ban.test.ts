// The saved-message picker in the ban confirmation (docs/product.md#saved-messages, decision 084),
// over real HTTP to the built panel and the demo API: the users list's row Ban, user details' Ban
// and the bulk review page of a Ban offer the saved ban messages in a GET form that keeps the page's
// parameters; the message field starts with the one chosen, and the edited text is what the push
// call carries, once. The plain list reads no saved message (it offers no picker).
import { within } from "@testing-library/dom";
import { describe, expect, it } from "vitest";

import { type DemoUser, demoUsers } from "../support/demo-data";
import { recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { type HtmlPage, parsePage, valueOf } from "../support/html";
import { useStack } from "../support/use-stack";

const PUSH = "/fcm/send-notification-to-user";
const MESSAGE_LABEL = "Message to the member (optional)";

async function page(client: PanelClient, path: string): Promise<HtmlPage> {
  const response = await client.get(path);
  expect(response.status).toBe(200);
  return parsePage(decodeEntities(await response.text()));
}

/** The picker's options (title → id) and its GET form's action and kept parameters. */
function pickerOf(scope: HtmlPage | HTMLElement) {
  const select = (
    "getByRole" in scope
      ? scope.getByRole("combobox", { name: "Saved message" })
      : within(scope).getByRole("combobox", { name: "Saved message" })
  ) as HTMLSelectElement;
  const form = select.closest("form")!;
  const options = new Map([...select.options].map((option) => [option.textContent!, option.value]));
  const kept = [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((input) => [
    input.name,
    input.value,
  ]);
  return { options, method: form.getAttribute("method"), action: form.getAttribute("action"), kept };
}

/** Pushes the demo API received, as [email, text]. */
async function pushes(demoUrl: string) {
  return (await recordedRequests(demoUrl, PUSH)).map((call) => {
    const body = call.body as { email: string; body: string };
    return [body.email, body.body];
  });
}

/** Members to ban: not banned, not administrators, with a device. */
async function members(demoUrl: string, count: number): Promise<DemoUser[]> {
  const found = (await demoUsers(demoUrl)).filter(
    (user) => user.role !== "admin" && !user.isBanned && user.devicesCount > 0,
  );
  expect(found.length).toBeGreaterThanOrEqual(count);
  return found.slice(0, count);
}

describe("the saved-message picker in the ban confirmation", { timeout: 120_000 }, () => {
  const stack = useStack();

  it("the users list's row Ban: the chosen message starts the field, and the edited text is pushed once", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    const [member] = await members(stack.demo.url, 1);
    const list = `/users?search=${encodeURIComponent(member!.email)}`;

    // A plain list offers no picker: it reads no saved message.
    expect((await page(admin, list)).queryByRole("combobox", { name: "Saved message" })).toBeNull();

    const open = `${list}&confirm=ban&id=${member!.id}`;
    const dialog = (await page(admin, open)).getByRole("alertdialog", { name: /^Ban User/ });
    const picker = pickerOf(dialog);
    // The ban's own messages only.
    expect([...picker.options.keys()]).toEqual(["Choose a saved message", "Repeated breaches", "Spam"]);
    // A GET form to the list that keeps its search and the open dialog.
    expect([picker.method, picker.action]).toEqual(["get", "/users"]);
    expect(picker.kept).toEqual([
      ["search", member!.email],
      ["confirm", "ban"],
      ["id", String(member!.id)],
    ]);

    const filled = (await page(admin, `${open}&saved=${picker.options.get("Spam")}`)).getByRole("alertdialog", {
      name: /^Ban User/,
    });
    const message = within(filled).getByRole("textbox", { name: MESSAGE_LABEL });
    expect(valueOf(message)).toBe("Your account has been banned for posting spam.");
    expect(pickerOf(filled).kept.map(([name]) => name)).not.toContain("saved");

    // The ban posted twice with the dialog's one-time key (a double click): one ban, one push of the edited text.
    const once = filled.querySelector<HTMLInputElement>('input[name="_once"]')!.value;
    const edited = "Your account has been banned for repeated advertising.";
    const fields = {
      intent: "ban",
      id: String(member!.id),
      duration: "permanent",
      reason: "Spam",
      reasonText: "",
      message: edited,
      _once: once,
    };
    const action = `${open}&saved=${picker.options.get("Spam")}`;
    const [first, second] = await Promise.all([admin.post(action, fields), admin.post(action, fields)]);
    expect([first.status, second.status]).toEqual([302, 302]);
    // Back to the list without the dialog nor the choice.
    expect(first.headers.get("location")).toBe(list);
    expect(toastMessage((await admin.follow(first)).html)).toMatch(/^User banned successfully/);
    expect(await pushes(stack.demo.url)).toEqual([[member!.email, edited]]);
  });

  it("user details' Ban: the chosen message starts the field; a refused post keeps what was typed", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    const [member] = await members(stack.demo.url, 1);
    const path = `/users/${member!.id}`;
    const open = `${path}?confirm=ban&id=${member!.id}`;
    const picker = pickerOf((await page(admin, open)).getByRole("alertdialog", { name: /^Ban User/ }));
    expect([picker.method, picker.action]).toEqual(["get", path]);

    const chosen = `${open}&saved=${picker.options.get("Repeated breaches")}`;
    const dialog = (await page(admin, chosen)).getByRole("alertdialog", { name: /^Ban User/ });
    expect(valueOf(within(dialog).getByRole("textbox", { name: MESSAGE_LABEL }))).toBe(
      "Your account has been banned for repeated breaches of the community guidelines.",
    );

    // A time in the past: 400, the edited message as typed, nothing sent.
    const typed = "Banned after repeated breaches: see the guidelines.";
    const refused = await admin.post(chosen, {
      intent: "ban",
      id: String(member!.id),
      duration: "until",
      until: "2001-01-01T10:00",
      reason: "Spam",
      reasonText: "",
      message: typed,
    });
    expect(refused.status).toBe(400);
    const again = parsePage(decodeEntities(await refused.text())).getByRole("alertdialog", { name: /^Ban User/ });
    expect(valueOf(within(again).getByRole("textbox", { name: MESSAGE_LABEL }))).toBe(typed);
    expect(await pushes(stack.demo.url)).toEqual([]);
  });

  it("the bulk review page of a Ban of two users: the chosen message starts the field, each member is pushed the edited text once", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    const two = await members(stack.demo.url, 2);
    const review = `/users/bulk?action=ban&${two.map((user) => `id=${user.id}`).join("&")}`;
    const first = await page(admin, review);
    const picker = pickerOf(first);
    expect([...picker.options.keys()]).toEqual(["Choose a saved message", "Repeated breaches", "Spam"]);
    // The selection is kept, both of its ids.
    expect([picker.method, picker.action]).toEqual(["get", "/users/bulk"]);
    expect(picker.kept).toEqual([["action", "ban"], ...two.map((user) => ["id", String(user.id)])]);

    const chosen = `${review}&saved=${picker.options.get("Spam")}`;
    const filled = await page(admin, chosen);
    expect(filled.getByRole("heading", { level: 1 }).textContent).toBe("Ban 2 users");
    expect(valueOf(filled.getByRole("textbox", { name: MESSAGE_LABEL }))).toBe(
      "Your account has been banned for posting spam.",
    );

    const edited = "Your account has been banned: advertising is not allowed here.";
    const confirm = await admin.post(chosen, {
      intent: "confirm",
      duration: "permanent",
      until: "",
      reason: "Spam",
      reasonText: "",
      message: edited,
    });
    expect(confirm.status).toBe(302);
    await expect
      .poll(async () => (await pushes(stack.demo.url)).sort(), { timeout: 20_000 })
      .toEqual(two.map((user) => [user.email, edited]).sort());
  });
});
