// The citizenship requests' confirmations, fetched when one first opens (decision 026). A
// `.client` module: the server build gets `undefined` and renders them from its own bundle (see
// provideBadgeDialogs), so no dynamic import splits the server bundle.

/** Loads the approve and reject confirmations of docs/product.md#citizenship-requests. */
export const loadBadgeDialogs = () => import("./badge-dialogs").then((module) => module.BadgeDialogs);
