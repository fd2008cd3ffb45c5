/** Contract of the push-notification call. */
import { z } from "zod";
import { defineEndpoint, SuccessAnswerSchema, requiredText } from "./common.ts";

/** Body of POST /fcm/send-notification-to-user (docs/product.md#send-push-notification). */
export const SendNotificationBodySchema = z.object({
  email: requiredText("Email is required").toLowerCase(),
  title: requiredText("Title is required"),
  body: requiredText("Message is required"),
});
export type SendNotificationBody = z.input<typeof SendNotificationBodySchema>;

/** The notification calls of docs/product.md#upstream-calls. */
export const notificationEndpoints = {
  sendToUser: defineEndpoint({
    method: "POST",
    path: "/fcm/send-notification-to-user",
    body: SendNotificationBodySchema,
    answer: SuccessAnswerSchema,
  }),
} as const;
