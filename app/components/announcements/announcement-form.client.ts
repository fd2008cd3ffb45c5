// The announcement form's code, fetched when its dialog first opens (decision 026). A `.client`
// module: the server build gets `undefined` and renders the form from its own bundle instead
// (see the announcements loader), so no dynamic import splits the server bundle.

/** Loads the create and edit dialog of docs/product.md#announcement-form. */
export const loadAnnouncementForm = () =>
  import("~/components/announcements/announcement-form").then((module) => module.AnnouncementFormDialog);
