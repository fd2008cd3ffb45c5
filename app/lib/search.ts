/** Case-insensitive "contains" over some text fields (docs/product.md#tables-search-and-paging); an empty search matches all. */
export function matchesSearch(search: string, ...fields: (string | null | undefined)[]): boolean {
  const needle = search.trim().toLocaleLowerCase();
  return !needle || fields.some((field) => field?.toLocaleLowerCase().includes(needle));
}
