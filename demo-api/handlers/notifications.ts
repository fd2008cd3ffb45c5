/** Push notifications: recorded in the outbox as kind "push". */
import { notificationEndpoints, SendNotificationBodySchema } from "../../app/upstream/contract/notifications.ts";
import { pushNotification } from "../emails.ts";
import { badRequest, notFound } from "../errors.ts";
import { deliver } from "../outbox.ts";
import type { Router } from "../router.ts";
import { validate } from "../validation.ts";
import { userByEmail } from "./lookup.ts";

/** Registers /fcm/send-notification-to-user. */
export function registerNotificationRoutes(router: Router): void {
  router.add(notificationEndpoints.sendToUser, "admin", ({ store, body, now }) => {
    const input = validate(SendNotificationBodySchema, body);
    const user = userByEmail(store.data, input.email);
    if (!user) throw notFound("User not found");
    if (user.devicesCount === 0) throw badRequest("User has no registered devices");
    deliver(store.data, pushNotification(user.email, input.title, input.body), now);
    store.changed();
    return { body: { message: "Notification sent successfully" } };
  });
}
