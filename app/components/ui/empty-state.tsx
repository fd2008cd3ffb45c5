import type { ReactNode } from "react";

import { Icon } from "~/components/ui/icon";
import type { OutlineIconName } from "~/components/ui/icon-names";

/**
 * The empty (or error) state of a list: an icon, a title, a line of explanation and an optional
 * action. Its icons are 24/outline artwork (decision 023); an error state draws its own warning sign.
 */
export function EmptyState({
  title,
  description,
  icon,
  action,
  tone = "neutral",
  card = false,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: OutlineIconName;
  action?: ReactNode;
  tone?: "neutral" | "error";
  /** Stands alone on the page, in the card look of tables and lists. */
  card?: boolean;
}) {
  const shown = icon ?? (tone === "error" ? "outline-exclamation-triangle" : undefined);
  return (
    <div
      role={tone === "error" ? "alert" : undefined}
      className={`flex flex-col items-center px-6 py-12 text-center ${card ? "rounded-xl bg-surface shadow-sm ring-1 ring-slate-200" : ""}`}
    >
      {shown ? (
        <span
          className={`flex size-12 items-center justify-center rounded-full ${tone === "error" ? "bg-red-50 text-red-700" : "bg-slate-100 text-slate-500"}`}
        >
          <Icon name={shown} className="size-6" />
        </span>
      ) : null}
      <h3 className="mt-4 text-base font-semibold text-slate-900">{title}</h3>
      {description ? <p className="mt-1 max-w-md text-sm text-slate-600">{description}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
