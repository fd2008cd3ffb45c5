/**
 * A file link from the upstream (avatar, certificate, passport, image) that is safe to put in an
 * href or src: resolved against `base` (the API's address, where relative paths live), and only
 * when it comes out as http(s); anything else (javascript:, data:, junk) is dropped.
 */
export function resolveFileLink(link: string | null | undefined, base: string): string | null {
  const value = link?.trim();
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
