// Kept apart from the account schemas (account.ts): the delete-account page links here, and a
// page importing a schema module would load zod/mini with it (decision 026).

/** Step 2 of account deletion, where the security key is typed (docs/product.md#delete-account). */
export const DELETION_KEY_STEP_URL = "/delete-account?step=key";
