/** The load-failure text of the announcement, post, invite and badge lists (docs/product.md#toasts-and-error-handling). */
export const LIST_LOAD_ERROR = "Some error occurred while fetching data";
