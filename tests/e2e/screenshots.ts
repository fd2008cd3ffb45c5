/**
 * Whether the layout and phone-page specs save their screenshots for a reviewer to look through
 * (`SCREENSHOTS=1 npx playwright test`): they assert nothing, and saving them cost a third of the
 * layout spec's CPU in every run (decision 088).
 */
export const SCREENSHOTS = ["1", "true"].includes(process.env.SCREENSHOTS ?? "");
