/**
 * Whether a user can be sent a push (docs/product.md#user-details): the upstream refuses a user with no registered
 * device, so the screen disables Send Push Notification with this reason and the action checks it before sending.
 */

/** The reason Send Push Notification is unavailable: the spec's text for a user with no devices. */
export const NO_DEVICES = "No devices registered";

/** True when the user has a device to send a push to. */
export const canPush = (user: { devicesCount: number }) => user.devicesCount > 0;
