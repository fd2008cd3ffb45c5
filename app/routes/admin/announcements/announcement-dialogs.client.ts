// The announcements screen's dialogs, fetched when one first opens (decision 026). A `.client`
// module: the server build gets `undefined` and renders them from its own bundle instead (see
// the announcements loader), so no dynamic import splits the server bundle.

/** Loads the create, edit and delete dialogs of docs/product.md#announcements. */
export const loadAnnouncementDialogs = () =>
  import("./announcement-dialogs").then((module) => module.AnnouncementDialogs);
