/** The push-notification call of docs/product.md#upstream-calls. */
import { callEndpoint } from "~/upstream/client.server";
import { type SendNotificationBody, notificationEndpoints } from "~/upstream/contract/notifications";

/** POST /fcm/send-notification-to-user with email, title and body; answers the server's message. */
export async function sendNotificationToUser(request: Request, body: SendNotificationBody) {
  const { data } = await callEndpoint(request, notificationEndpoints.sendToUser, { body });
  return data.message;
}
