/**
 * A small HTML page for an answer that is refused before any screen renders (an export over its
 * limit, an address opened from another site): the reason in the panel's words and a way back, so
 * a browser never shows a bare line of text. It needs no script and no stylesheet: the styles are
 * inline, which the CSP allows (server/security-headers.ts).
 */

/** What a refusal page says: its title and heading, the reason, and the links out. */
export interface RefusalPage {
  heading: string;
  message: string;
  links: readonly { href: string; label: string }[];
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page's HTML; every text and link is escaped. */
export function refusalPageHtml({ heading, message, links }: RefusalPage): string {
  const linkList = links
    .map(
      ({ href, label }, index) =>
        `<a href="${escape(href)}" style="${index === 0 ? PRIMARY : SECONDARY}">${escape(label)}</a>`,
    )
    .join(" ");
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escape(heading)} · Admin Dashboard</title></head>` +
    `<body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:36rem;margin:4rem auto;padding:0 1rem">` +
    `<p style="font-size:.875rem;font-weight:600;color:#475569">Admin Dashboard</p>` +
    `<main><h1 style="font-size:1.5rem">${escape(heading)}</h1><p>${escape(message)}</p>` +
    `<p style="margin-top:2rem">${linkList}</p></main></body></html>`
  );
}

const PRIMARY =
  "display:inline-block;border-radius:.375rem;background:#4f46e5;color:#fff;padding:.5rem 1rem;text-decoration:none;font-weight:600";
const SECONDARY = "display:inline-block;padding:.5rem 1rem;color:#4338ca";
