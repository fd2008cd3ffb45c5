/**
 * Returns `target` when it is a path on the panel itself, else `fallback`.
 * Control characters are rejected first (browsers strip tabs and newlines, so `/\t/evil.test`
 * would become `//evil.test`), then the target must resolve to the panel's own origin.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target === "") return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  if (/[\u0000-\u001f\u007f\\]/.test(decoded)) return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;

  const base = "http://panel.invalid";
  const resolved = new URL(target, base);
  if (resolved.origin !== base) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
