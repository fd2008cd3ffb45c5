// The users list's confirmations, fetched when one first opens (decision 026). A `.client`
// module: the server build gets `undefined` and renders them from its own bundle (see the users
// loader), so no dynamic import splits the server bundle.

/** Loads the row confirmations of docs/product.md#users-list. */
export const loadUserDialogs = () => import("./user-dialogs").then((module) => module.UserDialogs);
