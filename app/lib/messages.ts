/** The load-failure text of the announcement, post, invite and badge lists (spec 8). */
export const LIST_LOAD_ERROR = "Some error occurred while fetching data";
