import { env } from "~/config/env.server";
import { fetchableFileUrl, resolveFileLink } from "~/lib/file-link";

/**
 * A file link from the upstream (avatar, certificate, passport) that is safe to put in an href
 * or src: http(s) only, relative links resolved on the API host; anything else is dropped.
 */
export function safeFileLink(link: string | null | undefined): string | null {
  return resolveFileLink(link, env().API_URL);
}

/**
 * A file link every page may load (the signed-in admin's avatar in the shell), or null: only on
 * the API's origin or FILE_ORIGINS, the origins the server itself fetches files from
 * (docs/decisions/015-upstream-file-links.md), so no other site learns of each page an admin opens.
 */
export function knownOriginFileLink(link: string | null | undefined): string | null {
  const { API_URL, FILE_ORIGINS } = env();
  return fetchableFileUrl(link, API_URL, [new URL(API_URL).origin, ...FILE_ORIGINS])?.toString() ?? null;
}
