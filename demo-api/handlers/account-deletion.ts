/** Public account deletion: a mailed six-digit security key confirms it. */
import { randomInt } from "node:crypto";
import { DeleteUserBodySchema, GenerateKeyBodySchema, userEndpoints } from "../../app/upstream/contract/users.ts";
import { endSessionsOf } from "../auth.ts";
import { securityKeyEmail } from "../emails.ts";
import { badRequest, notFound } from "../errors.ts";
import { deliver } from "../outbox.ts";
import type { Router } from "../router.ts";
import type { DemoData } from "../types.ts";
import { validate } from "../validation.ts";
import { userByEmail } from "./lookup.ts";

const SECURITY_KEY_TTL_MS = 15 * 60 * 1000;

/** Removes a user and everything that belongs to them. */
export function deleteUserAndData(data: DemoData, userId: number): void {
  data.users = data.users.filter((user) => user.id !== userId);
  data.posts = data.posts.filter((post) => post.userId !== userId);
  data.invites = data.invites.filter((invite) => invite.userId !== userId);
  data.tokens = data.tokens.filter((token) => token.userId !== userId);
  data.securityKeys = data.securityKeys.filter((key) => key.userId !== userId);
  endSessionsOf(data, userId);
}

/** Registers generate-key and delete-user. */
export function registerAccountDeletionRoutes(router: Router): void {
  router.add(userEndpoints.generateKey, "public", ({ store, body, now }) => {
    const input = validate(GenerateKeyBodySchema, body);
    const user = userByEmail(store.data, input.email);
    if (!user) throw notFound("User not found");
    const key = String(randomInt(0, 1_000_000)).padStart(6, "0");
    // Only the newest key counts.
    store.data.securityKeys = store.data.securityKeys.filter((record) => record.userId !== user.id);
    store.data.securityKeys.push({
      userId: user.id,
      key,
      expiresAt: new Date(now.getTime() + SECURITY_KEY_TTL_MS).toISOString(),
    });
    deliver(store.data, securityKeyEmail(user.email, key), now);
    store.changed();
    return { body: { message: "A security key has been sent to your email" } };
  });

  router.add(userEndpoints.deleteUser, "public", ({ store, body, now }) => {
    const input = validate(DeleteUserBodySchema, body);
    const user = userByEmail(store.data, input.email);
    if (!user) throw notFound("User not found");
    const record = store.data.securityKeys.find((candidate) => candidate.userId === user.id);
    if (!record || record.key !== input.securityKey || Date.parse(record.expiresAt) <= now.getTime()) {
      throw badRequest("Invalid security key");
    }
    deleteUserAndData(store.data, user.id);
    store.changed();
    return { body: { message: "Your account has been deleted successfully" } };
  });
}
