/** What the re-authentication challenge's page shares with the server (reauthentication.server.ts, decision 080). */

/** The form field that names a held submission: the challenge's form, and the browser's re-send after it. */
export const RESUME_FIELD = "_resume";
