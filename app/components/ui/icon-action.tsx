import type { ComponentType, MouseEvent, SVGProps } from "react";
import { Link } from "react-router";

import { Tooltip } from "~/components/ui/tooltip";

/** What an icon action does, by colour. */
export type IconActionTone = "neutral" | "danger" | "success" | "warning";

const TONES: Record<IconActionTone, string> = {
  neutral: "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
  danger: "text-red-700 hover:bg-red-50",
  success: "text-emerald-700 hover:bg-emerald-50",
  warning: "text-amber-700 hover:bg-amber-50",
};

/** The classes of a square icon control of a table or list row (a link or a form's button). */
export function iconActionClass(tone: IconActionTone = "neutral"): string {
  return `inline-flex size-8 items-center justify-center rounded-md transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-50 ${TONES[tone]}`;
}

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/**
 * One icon action of a row, with its tooltip; `label` is its accessible name and tooltip text.
 * With `to` it is a client-side link (a screen, or a URL-state dialog); with `href` a plain
 * `<a>` (a download or another site).
 */
export function IconAction({
  label,
  icon: Icon,
  tone = "neutral",
  align,
  ...link
}: {
  label: string;
  icon: Icon;
  tone?: IconActionTone;
  align?: "center" | "end";
} & (
  | { to: string; onClick?: (event: MouseEvent<HTMLAnchorElement>) => void }
  | { href: string; download?: boolean; newTab?: boolean }
)) {
  const icon = <Icon className="size-5" aria-hidden="true" />;
  return (
    <Tooltip label={label} align={align}>
      {"to" in link ? (
        <Link
          to={link.to}
          onClick={link.onClick}
          preventScrollReset
          aria-label={label}
          className={iconActionClass(tone)}
        >
          {icon}
        </Link>
      ) : (
        <a
          href={link.href}
          download={link.download || undefined}
          target={link.newTab ? "_blank" : undefined}
          rel={link.newTab ? "noopener noreferrer" : undefined}
          aria-label={label}
          className={iconActionClass(tone)}
        >
          {icon}
        </a>
      )}
    </Tooltip>
  );
}
