import type { ComponentType, ReactNode, SVGProps } from "react";

/** The empty (or error) state of a list: an icon, a title, a line of explanation and an optional action. */
export function EmptyState({
  title,
  description,
  icon: Icon,
  action,
  tone = "neutral",
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  action?: ReactNode;
  tone?: "neutral" | "error";
}) {
  return (
    <div role={tone === "error" ? "alert" : undefined} className="flex flex-col items-center px-6 py-12 text-center">
      {Icon ? (
        <span
          className={`flex size-12 items-center justify-center rounded-full ${tone === "error" ? "bg-red-50 text-red-600" : "bg-slate-100 text-slate-500"}`}
        >
          <Icon className="size-6" aria-hidden="true" />
        </span>
      ) : null}
      <h3 className="mt-4 text-base font-semibold text-slate-900">{title}</h3>
      {description ? <p className="mt-1 max-w-md text-sm text-slate-600">{description}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
