// The posts screen's confirmations, fetched when one first opens (decision 026). A `.client`
// module: the server build gets `undefined` and renders them from its own bundle (see the posts
// loader), so no dynamic import splits the server bundle.

/** Loads the confirmations of docs/product.md#posts. */
export const loadPostDialogs = () => import("./post-dialogs").then((module) => module.PostDialogs);
