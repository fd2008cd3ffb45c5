import { env } from "~/config/env.server";
import { resolveFileLink } from "~/lib/file-link";

/**
 * A file link from the upstream (avatar, certificate, passport) that is safe to put in an href
 * or src: http(s) only, relative links resolved on the API host; anything else is dropped.
 */
export function safeFileLink(link: string | null | undefined): string | null {
  return resolveFileLink(link, env().API_URL);
}
