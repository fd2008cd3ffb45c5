import { XMarkIcon } from "@heroicons/react/20/solid";
import { type ReactNode, useId, useRef } from "react";
import { Link } from "react-router";

import { useModal } from "~/components/ui/use-modal";

/**
 * A modal dialog that is URL state (e.g. `?notify=1`), for forms that are not a plain
 * confirmation (use ConfirmDialog for those). The screen renders it when its param is present,
 * so the server sends it open and it works without JavaScript; `closeTo` is the same screen
 * without the param, reached by the close button, by Cancel links inside and, with JavaScript,
 * by Escape (see useModal for focus).
 */
export function Dialog({
  title,
  description,
  closeTo,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  closeTo: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useModal(panel, closeTo);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center overflow-y-auto bg-black/50 p-4 sm:items-center">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className="relative w-full max-w-lg rounded-xl bg-surface p-6 shadow-xl outline-none"
      >
        <Link
          to={closeTo}
          preventScrollReset
          className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
        >
          <XMarkIcon className="size-5" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </Link>
        <h2 id={titleId} className="pr-8 text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description ? (
          <p id={descriptionId} className="mt-1 text-sm text-slate-600">
            {description}
          </p>
        ) : null}
        <div className="mt-5">{children}</div>
      </div>
    </div>
  );
}
