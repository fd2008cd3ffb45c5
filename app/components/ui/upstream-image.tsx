import type { ReactNode } from "react";

/** A link as a CSS `url()` string: quotes, backslashes and line breaks escaped, so the link cannot end it. */
export function cssUrl(link: string): string {
  return `url("${link.replace(/["\\\n\r\f]/g, (character) => `\\${character.charCodeAt(0).toString(16)} `)}")`;
}

/**
 * An image from a link the upstream gave (an avatar, a thumbnail, a tier image), drawn as the box's background
 * (decision 038). A background that fails to load draws nothing: no broken-image icon and no alt text, with or
 * without JavaScript, where an `<img>`'s error handler needs script. `children` is what shows beneath it, seen
 * when there is no picture (an initial, an icon). `label` names the picture; without one it is decorative.
 * Without children the box is the picture itself: one element, not two (decision 069). With children, `className`
 * is the box's, which holds the picture: a positioned box that clips it (`.avatar` of app.css).
 */
export function UpstreamImage({
  src,
  label,
  className = "",
  children,
  testId,
}: {
  src: string;
  label?: string;
  className?: string;
  children?: ReactNode;
  testId?: string;
}) {
  const picture = {
    ...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true }),
    "data-testid": testId,
    "data-src": src,
    style: { backgroundImage: cssUrl(src) },
  } as const;
  if (children === undefined || children === null) {
    return <span {...picture} className={className ? `upstream-image ${className}` : "upstream-image"} />;
  }
  return (
    <span className={className || undefined}>
      {children}
      <span {...picture} className="upstream-image-over" />
    </span>
  );
}
