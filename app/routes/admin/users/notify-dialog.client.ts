// The 'Send Push Notification' dialog's code, fetched when it first opens (decision 026). A
// `.client` module: the server build gets `undefined` and renders the dialog from its own bundle
// (see the user details loader), so no dynamic import splits the server bundle.

/** Loads the dialog of docs/product.md#send-push-notification. */
export const loadNotifyDialog = () => import("./notify-dialog").then((module) => module.NotifyDialog);
