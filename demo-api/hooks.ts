/**
 * Test hooks under /__demo/ (never under /api, no auth): reset, more users (seed-users), outbox, request log,
 * fault injection (and the release of held calls), health, the demo accounts, and hostile data for the security tests (a user's
 * stored passport link and name, a redirect on the API's own origin). See docs/demo-api.md.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import type { FaultRegistry } from "./faults.ts";
import { FaultInputSchema } from "./faults.ts";
import { readBody, sendJson } from "./http.ts";
import { listOutbox } from "./outbox.ts";
import type { RequestLog } from "./request-log.ts";
import { DEMO_ACCOUNTS, DEMO_DEFAULT_PASSWORD, MAX_SEEDED_USERS, moreMembers } from "./seed.ts";
import type { DemoStore } from "./store.ts";
import type { UploadStore } from "./uploads.ts";
import { toFieldErrors } from "./validation.ts";

/** What the hooks act on. */
export interface HookDependencies {
  store: DemoStore;
  uploads: UploadStore;
  faults: FaultRegistry;
  requestLog: RequestLog;
  startedAt: number;
}

/** Counts of the current data, so tests need not hard-code seed facts. */
function summary(store: DemoStore) {
  const data = store.data;
  const count = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length;
  return {
    users: data.users.length,
    admins: count(data.users, (user) => user.role === "admin"),
    nonAdminUsers: count(data.users, (user) => user.role !== "admin"),
    bannedUsers: count(data.users, (user) => user.isBanned),
    pendingBadges: count(data.users, (user) => user.badgeRequestStatus === 1),
    posts: data.posts.length,
    invites: data.invites.length,
    invitesByStatus: Object.fromEntries(
      ["pending", "approved", "rejected", "expired"].map((status) => [
        status,
        count(data.invites, (invite) => invite.status === status),
      ]),
    ),
    announcements: data.announcements.length,
    activeAnnouncements: count(data.announcements, (announcement) => announcement.isActive),
    pinnedAnnouncements: count(data.announcements, (announcement) => announcement.isPinned),
    plans: data.plans.length,
    activePlans: count(data.plans, (plan) => plan.isActive),
    outbox: data.outbox.length,
    sessions: data.sessions.length,
    uploads: data.uploads.length,
  };
}

/** Answers one /__demo/ request. */
export async function handleHook(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: HookDependencies,
): Promise<void> {
  const method = req.method ?? "GET";
  const route = `${method} ${url.pathname.replace(/\/+$/, "")}`;
  const { bytes, tooLarge } = await readBody(req, 1024 * 1024);
  if (tooLarge) return sendJson(res, 413, { message: "Request body too large" });
  let body: unknown = undefined;
  if (bytes.length > 0) {
    try {
      body = JSON.parse(bytes.toString("utf8"));
    } catch {
      return sendJson(res, 400, { message: "Malformed JSON in request body" });
    }
  }
  const { store, faults, requestLog } = deps;

  switch (route) {
    case "GET /__demo/health":
      return sendJson(res, 200, { status: "ok", uptimeMs: Date.now() - deps.startedAt, seededAt: store.data.seededAt });
    case "POST /__demo/reset":
      await store.reset();
      deps.uploads.clear();
      // Held calls are dropped (never run on the fresh data) and answered before the log is emptied.
      await faults.clear();
      requestLog.clear();
      return sendJson(res, 200, { message: "Demo data reset" });
    case "POST /__demo/seed-users": {
      const parsed = SeedUsersSchema.safeParse(body ?? {});
      if (!parsed.success) {
        return sendJson(res, 400, { message: "Validation failed", errors: toFieldErrors(parsed.error.issues, "body") });
      }
      const added = moreMembers(store.data.users, parsed.data.count);
      for (const user of added) store.data.users.push(user);
      store.changed();
      return sendJson(res, 201, { data: { added: added.length, users: store.data.users.length } });
    }
    case "GET /__demo/summary":
      return sendJson(res, 200, { data: summary(store) });
    case "GET /__demo/accounts":
      return sendJson(res, 200, {
        data: [...Object.values(DEMO_ACCOUNTS)],
        otherUsersPassword: DEMO_DEFAULT_PASSWORD,
      });
    case "GET /__demo/outbox":
      return sendJson(res, 200, {
        data: listOutbox(store.data, { to: url.searchParams.get("to"), kind: url.searchParams.get("kind") }),
      });
    case "DELETE /__demo/outbox":
      store.data.outbox = [];
      store.changed();
      return sendJson(res, 200, { message: "Outbox cleared" });
    case "GET /__demo/requests":
      return sendJson(res, 200, {
        data: requestLog.list({ path: url.searchParams.get("path"), method: url.searchParams.get("method") }),
      });
    case "DELETE /__demo/requests":
      requestLog.clear();
      return sendJson(res, 200, { message: "Request log cleared" });
    case "GET /__demo/faults":
      return sendJson(res, 200, { data: faults.list() });
    case "DELETE /__demo/faults":
      await faults.clear();
      return sendJson(res, 200, { message: "Faults cleared" });
    case "POST /__demo/faults": {
      const parsed = FaultInputSchema.safeParse(body ?? {});
      if (!parsed.success) {
        return sendJson(res, 400, { message: "Validation failed", errors: toFieldErrors(parsed.error.issues, "body") });
      }
      return sendJson(res, 201, { data: faults.add(parsed.data) });
    }
  }
  const userMatch = /^PATCH \/__demo\/users\/(\d+)$/.exec(route);
  if (userMatch) return patchUser(res, store, Number(userMatch[1]), body);
  if (route === "GET /__demo/redirect") return redirectOnOrigin(res, url.searchParams.get("to"));
  const faultMatch = /^(GET|DELETE|POST) \/__demo\/faults\/(\d+)(\/arrived|\/gone|\/release)?$/.exec(route);
  if (faultMatch)
    return handleFault(res, faults, `${faultMatch[1]} ${faultMatch[3] ?? ""}`, Number(faultMatch[2]), url);
  return sendJson(res, 404, { message: "Not found" });
}

/**
 * One fault: GET shows it (a hold fault with `held` and `arrived`), DELETE removes it (dropping
 * the calls it holds), GET .../arrived?count=n answers once n calls have arrived at a hold fault
 * (409 if it is released or removed first), GET .../gone?count=n once the callers of n held calls
 * have closed their connections before the answer (the panel cancelled them), POST .../release lets its held calls go on and
 * removes it, answering once they have been answered.
 */
async function handleFault(res: ServerResponse, faults: FaultRegistry, action: string, id: number, url: URL) {
  const notFound = () => sendJson(res, 404, { message: "Fault not found" });
  switch (action) {
    case "GET ": {
      const fault = faults.get(id);
      return fault ? sendJson(res, 200, { data: fault }) : notFound();
    }
    case "DELETE ":
      return (await faults.remove(id)) ? sendJson(res, 200, { message: "Fault removed" }) : notFound();
    case "GET /arrived": {
      const count = ArrivedQuerySchema.safeParse(url.searchParams.get("count") ?? undefined);
      if (!count.success) return sendJson(res, 400, { message: "count must be a whole number from 1" });
      const arrived = faults.whenArrived(id, count.data);
      if (!arrived) return sendJson(res, 404, { message: "Hold fault not found" });
      return (await arrived)
        ? sendJson(res, 200, { data: faults.get(id) ?? { id } })
        : sendJson(res, 409, { message: `The fault was released or removed before ${count.data} calls arrived` });
    }
    case "GET /gone": {
      const count = ArrivedQuerySchema.safeParse(url.searchParams.get("count") ?? undefined);
      if (!count.success) return sendJson(res, 400, { message: "count must be a whole number from 1" });
      const gone = faults.whenGone(id, count.data);
      if (!gone) return sendJson(res, 404, { message: "Hold fault not found" });
      return (await gone)
        ? sendJson(res, 200, { data: faults.get(id) ?? { id } })
        : sendJson(res, 409, { message: `The fault was released or removed before ${count.data} callers gave up` });
    }
    case "POST /release": {
      const released = await faults.release(id);
      return released === undefined
        ? sendJson(res, 404, { message: "Hold fault not found" })
        : sendJson(res, 200, { data: { released } });
    }
  }
  return sendJson(res, 404, { message: "Not found" });
}

/** Body of POST /__demo/seed-users: how many members to add. */
const SeedUsersSchema = z.object({
  count: z
    .number({ error: "count must be a number" })
    .int()
    .min(1, "count must be at least 1")
    .max(MAX_SEEDED_USERS, `count must be at most ${MAX_SEEDED_USERS}`),
});

/** `count` of GET /__demo/faults/{id}/arrived: 1 unless given. */
const ArrivedQuerySchema = z.coerce.number().int().min(1).default(1);

/** Body of PATCH /__demo/users/{id}: the stored values to put in place, as they are. */
const UserPatchSchema = z
  .object({
    passport: z.string().max(4096).nullable().optional(),
    fullName: z.string().max(1024).nullable().optional(),
    // An admin demoted (or promoted) upstream: their sessions stay, their role changes.
    role: z.enum(["admin", "moderator", "user"]).optional(),
  })
  .strict();

/**
 * Sets a user's stored passport link and/or full name, unchecked, so tests can make the API hand
 * out what a compromised or buggy upstream could (a foreign link, a hostile name), or their role
 * (an admin demoted upstream while signed in to the panel). A value
 * starting with `/` is made absolute on the demo API's origin, like the seeded links.
 */
function patchUser(res: ServerResponse, store: DemoStore, id: number, body: unknown): void {
  const parsed = UserPatchSchema.safeParse(body ?? {});
  if (!parsed.success) {
    return sendJson(res, 400, { message: "Validation failed", errors: toFieldErrors(parsed.error.issues, "body") });
  }
  const user = store.data.users.find((candidate) => candidate.id === id);
  if (!user) return sendJson(res, 404, { message: "User not found" });
  if (parsed.data.passport !== undefined) user.passport = parsed.data.passport;
  if (parsed.data.fullName !== undefined) user.fullName = parsed.data.fullName;
  if (parsed.data.role !== undefined) user.role = parsed.data.role;
  store.changed();
  return sendJson(res, 200, {
    data: { id: user.id, passport: user.passport, fullName: user.fullName, role: user.role },
  });
}

/** GET /__demo/redirect?to=/path: a 302 to a path on this same origin (never to another host). */
function redirectOnOrigin(res: ServerResponse, to: string | null): void {
  if (!to || !/^\/(?![/\\])/.test(to)) return sendJson(res, 400, { message: "to must be a path such as /files/..." });
  res.writeHead(302, { location: to, "cache-control": "no-store" });
  res.end();
}
