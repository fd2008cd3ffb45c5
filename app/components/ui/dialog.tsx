import type { ReactNode } from "react";

import { buttonClass } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { ModalFrame } from "~/components/ui/modal-frame";

/**
 * A modal dialog that is URL state (e.g. `?notify=1`), for forms that are not a plain
 * confirmation (use ConfirmDialog for those). The screen renders it when its param is present,
 * so the server sends it open and it works without JavaScript; `closeTo` is the same screen
 * without the param, reached by the close button, by Cancel links inside and, with JavaScript,
 * by Escape (see useModal for focus). While a submission is pending nothing closes it.
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
  return (
    <ModalFrame role="dialog" title={title} description={description} closeTo={closeTo} size="lg" closeButton>
      <div className="mt-5">{children}</div>
    </ModalFrame>
  );
}

/**
 * A dialog whose action no longer applies (or whose item is gone): why, and Close instead of its
 * button (Back can bring an old dialog URL back).
 */
export function StaleDialog({ title, reason, closeTo }: { title: string; reason: string; closeTo: string }) {
  return (
    <ModalFrame role="dialog" title={title} description={reason} closeTo={closeTo} size="md" autoFocus>
      <div className="mt-6 flex justify-end">
        <Link to={closeTo} replace preventScrollReset className={buttonClass("secondary", "md")}>
          Close
        </Link>
      </div>
    </ModalFrame>
  );
}
