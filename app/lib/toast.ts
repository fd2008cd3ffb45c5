/**
 * A toast as the page shows it: a flash message the root loader read from its cookie, or one an
 * action answered in its data (a re-rendered form). Components render it; the recipe builds it.
 */
export interface FlashToast {
  id: string;
  type: "success" | "error" | "info" | "warning";
  message: string;
  description?: string;
}
