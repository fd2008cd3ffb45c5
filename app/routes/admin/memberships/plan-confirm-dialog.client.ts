// The plan confirmation dialog, fetched when one first opens (decision 026). A `.client` module:
// the server build gets `undefined` and renders the dialog from its own bundle (see the
// memberships loaders), so no dynamic import splits the server bundle.

/** Loads the activate, deactivate and delete confirmations of docs/product.md#memberships-list. */
export const loadPlanConfirmDialog = () => import("./plan-confirm-dialog").then((module) => module.PlanConfirmDialog);
