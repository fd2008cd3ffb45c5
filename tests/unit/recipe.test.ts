// The recipe's decisions, without a server: what parseSubmission answers to a submission, what
// rowAction does with a row's state and the upstream's answer, and what saveForm answers to a
// form it refuses (app/recipe/submission.server.ts, app/recipe/outcome.server.ts,
// app/recipe/save-form.server.ts). The same guarantees over HTTP: tests/integration/mutations-recipe.test.ts.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { UserRowActionSchema } from "~/routes/admin/users/user-actions.server";
import { parseSubmission, unhandledIntent } from "~/recipe/submission.server";
import { answerOutcome, outcomeOf } from "~/recipe/outcome.server";
import { saveForm } from "~/recipe/save-form.server";
import { type FailedSubmission, refuse } from "~/recipe/failure.server";
import { PushNotificationSchema } from "~/forms/users";
import { readToast } from "~/session/toast.server";
import { UpstreamError } from "~/upstream/errors";

const SCREEN = "https://panel.test/users?page=2";
const BACK = "/users?page=2";

beforeAll(() => {
  process.env.API_URL = "https://api.example.com/api";
  process.env.SESSION_SECRET = "a-session-secret-of-at-least-32-characters";
});

afterEach(() => {
  vi.restoreAllMocks();
});

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

/** A failure answer's status and body, as the page gets them. */
function answered(answer: unknown): { status: number; body: FailedSubmission } {
  const { data, init } = answer as { data: FailedSubmission; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data };
}

/** Where a redirect goes, and the toast it carries (read back as the next page would). */
async function redirected(answer: unknown) {
  const response = answer as Response;
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  const next = new Request("https://panel.test/", { headers: cookie ? { cookie } : {} });
  const { toast } = await readToast(next);
  return {
    status: response.status,
    location: response.headers.get("location"),
    replaces: response.headers.has("X-Remix-Replace"),
    toast: toast ? { type: toast.type, message: toast.message } : undefined,
  };
}

describe("parseSubmission", () => {
  it("gives the intent and its typed fields", () => {
    const submission = parseSubmission(form({ intent: "ban", id: " 42 ", _once: "k".repeat(20) }), UserRowActionSchema);
    expect(submission).toEqual({ ok: true, value: { intent: "ban", id: "42" } });
  });

  it.each([
    [{ intent: "promote", id: "42" }, "Unknown action"],
    [{ id: "42" }, "Unknown action"],
    [{ intent: "ban", id: "../42" }, "User id is invalid"],
    [{ intent: "ban" }, "User id is invalid"],
  ])("refuses %o with 400 and '%s', inline and as a toast", (fields, message) => {
    const submission = parseSubmission(form(fields), UserRowActionSchema);
    expect(submission.ok).toBe(false);
    if (submission.ok) return;
    const { status, body } = answered(submission.rejected);
    expect(status).toBe(400);
    expect(body.formError).toBe(message);
    expect(body.toasts?.map((toast) => [toast.type, toast.message])).toEqual([["error", message]]);
  });

  it("hands back only the fields a screen knows", () => {
    const submission = parseSubmission(form({ intent: "promote", id: "42", role: "ADMIN" }), UserRowActionSchema);
    if (submission.ok) throw new Error("expected a refusal");
    expect(answered(submission.rejected).body.values).toEqual({ intent: "promote", id: "42" });
  });

  it("answers an intent no case handles as an unknown one", () => {
    const { status, body } = answered(unhandledIntent(undefined as never));
    expect([status, body.formError]).toEqual([400, "Unknown action"]);
  });
});

describe("the outcome of a row action (outcomeOf) and its answer (answerOutcome)", () => {
  const request = new Request(SCREEN, { method: "POST" });
  const texts = { done: "User banned successfully!", failed: "Failed to ban user" };
  const answer = async (act: Parameters<typeof outcomeOf<{ isBanned: boolean }>>[0], extra = {}) =>
    answerOutcome(request, BACK, (await outcomeOf(act)).outcome, { ...texts, ...extra });

  it("sends nothing for an action that no longer applies, and says why in an info toast", async () => {
    const send = vi.fn(async () => "Done");
    const response = await answer({
      read: async () => ({ name: "Ann", state: { isBanned: true } }),
      stale: (user) => (user.isBanned ? "User Ann is already banned" : null),
      send,
    });
    expect(send).not.toHaveBeenCalled();
    expect(await redirected(response)).toEqual({
      status: 302,
      location: BACK,
      replaces: true,
      toast: { type: "info", message: "User Ann is already banned" },
    });
  });

  it("sends, and goes back with the server's message, else `done`", async () => {
    const stillApplies = { read: async () => ({ name: "Ann", state: { isBanned: false } }), stale: () => null };
    const withMessage = await answer({ ...stillApplies, send: async () => "  Banned.  " });
    expect((await redirected(withMessage)).toast).toEqual({ type: "success", message: "Banned." });
    const without = await answer({ ...stillApplies, send: async () => "" });
    expect((await redirected(without)).toast).toEqual({ type: "success", message: "User banned successfully!" });
  });

  it("sends a success elsewhere when `to` says so, and a failure back", async () => {
    const deleted = await answer({ send: async () => null }, { done: "Deleted", to: "/list" });
    expect((await redirected(deleted)).location).toBe("/list");
    const refused = await answer(
      { send: async () => Promise.reject(new UpstreamError(500, "<html>", {}, "http", false)) },
      { done: "Deleted", failed: "Failed to delete", to: "/list" },
    );
    expect(await redirected(refused)).toEqual({
      status: 302,
      location: BACK,
      replaces: true,
      toast: { type: "error", message: "Failed to delete" },
    });
  });

  it("counts a delete answered 'not found' as done when its goal is met", async () => {
    const { outcome } = await outcomeOf({
      send: async () => Promise.reject(new UpstreamError(404, "Post not found", {}, "http", true)),
      goneIsDone: true,
    });
    expect(outcome).toEqual({ result: "done", status: 404, message: "Already removed" });
  });

  it("only logs a failure declared as logged (Sync), and shows nothing", async () => {
    // The panel's log lines go to stdout (app/lib/log.server.ts): kept here, not printed.
    const written = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const response = await answer(
      { send: async () => Promise.reject(new UpstreamError(503, "Busy", {}, "http", true)) },
      { failed: { log: "membership sync failed" } },
    );
    expect(await redirected(response)).toEqual({ status: 302, location: BACK, replaces: true, toast: undefined });
    const lines = written.mock.calls.map(([line]) => String(line));
    written.mockRestore();
    expect(lines.map((line) => JSON.parse(line) as unknown)).toContainEqual(
      expect.objectContaining({
        level: "warn",
        msg: "membership sync failed",
        status: 503,
        message: "Busy",
      }),
    );
  });

  it("answers a change without an answer in time with a warning, not an error", async () => {
    const unanswered = await answer({
      send: async () => Promise.reject(new UpstreamError(504, "No answer", {}, "outcome-unknown")),
    });
    expect((await redirected(unanswered)).toast).toEqual({
      type: "warning",
      message:
        "No answer from the server in time: the request to ban the user was sent and may have gone through. Reload to check before trying again.",
    });
  });

  it("lets an answer thrown on purpose through (the redirect to sign in)", async () => {
    const signIn = new Response(null, { status: 302, headers: { location: "/login" } });
    await expect(outcomeOf({ send: async () => Promise.reject(signIn) })).rejects.toBe(signIn);
  });
});

describe("saveForm", () => {
  const request = new Request("https://panel.test/users/7?notify=1", { method: "POST" });
  const push = (fields: Record<string, string>, send = vi.fn(async () => "Sent")) =>
    saveForm(request, form({ intent: "notify", ...fields }), {
      schema: PushNotificationSchema,
      send,
      to: "/users/7",
      replace: true,
      done: "Push notification sent successfully!",
      failed: "Failed to send notification",
      failure: { fieldNames: { body: "message" } },
    });

  it("answers the panel's own checks inline, with what was typed, and sends nothing", async () => {
    const send = vi.fn(async () => "Sent");
    const { status, body } = answered(await push({ title: "Hi", message: " " }, send));
    expect(status).toBe(400);
    expect(body.errors.message?.message).toBe("Please fill in both title and message");
    expect(body.values).toMatchObject({ title: "Hi" });
    expect(body.toasts).toBeUndefined();
    expect(send).not.toHaveBeenCalled();
  });

  it("answers a refusal from `send` inline and as a toast", async () => {
    const { status, body } = answered(
      await push(
        { title: "Hi", message: "There" },
        vi.fn(() => refuse("No")),
      ),
    );
    expect([status, body.formError, body.toasts?.[0]?.message]).toEqual([400, "No", "No"]);
  });

  it("puts the upstream's field errors on the form's fields", async () => {
    const failed = new UpstreamError(400, "Invalid", { body: "Too long" }, "http", true, [["body", "Too long"]]);
    const { status, body } = answered(
      await push(
        { title: "Hi", message: "There" },
        vi.fn(() => Promise.reject(failed)),
      ),
    );
    expect(status).toBe(400);
    expect(body.errors.message?.message).toBe("Too long");
    expect(body.toasts?.map((toast) => toast.message)).toEqual(["body: Too long"]);
  });

  it("keeps the one-time key of a change without an answer in time, and warns", async () => {
    const key = "0123456789abcdef0123456789abcdef";
    const unanswered = new UpstreamError(504, "No answer", {}, "outcome-unknown");
    const answer = await saveForm(request, form({ intent: "notify", title: "Hi", message: "There", _once: key }), {
      schema: PushNotificationSchema,
      send: vi.fn(() => Promise.reject(unanswered)),
      to: "/users/7",
      failed: "Failed to send notification",
    });
    const { body } = answered(answer);
    expect(body.keptKey).toBe(key);
    expect(body.values).toMatchObject({ title: "Hi", message: "There" });
    expect(body.toasts?.map(({ type, message }) => ({ type, message }))).toEqual([
      {
        type: "warning",
        message:
          "No answer from the server in time: the request to send the notification was sent and may have gone through. Reload to check before trying again.",
      },
    ]);
    // Any other failure draws a new key: the form may be corrected and sent again.
    const refused = await push(
      { title: "Hi", message: "There", _once: key },
      vi.fn(() => Promise.reject(new UpstreamError(500, "<html>"))),
    );
    expect(answered(refused).body.keptKey).toBeUndefined();
    expect(answered(refused).body.toasts?.[0]?.type).toBe("error");
  });

  it("redirects a success with the server's message", async () => {
    const response = await push({ title: "Hi", message: "There" });
    expect(await redirected(response)).toEqual({
      status: 302,
      location: "/users/7",
      replaces: true,
      toast: { type: "success", message: "Sent" },
    });
  });
});
