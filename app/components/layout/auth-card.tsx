import type { ReactNode } from "react";
import { Link } from "~/components/ui/link";

import { Icon } from "~/components/ui/icon";
import type { SolidIconName } from "~/components/ui/icon-names";

/** A line under the card that leads elsewhere: "Remember your password? Sign in". */
export interface AuthCardFooter {
  prompt: string;
  to: string;
  label: string;
  /** A full page load: for /get-app, whose redirect to a store is a refresh in the page's head. */
  reloadDocument?: boolean;
}

/** Centered card used by sign-in and every public account page. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: AuthCardFooter;
}) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center bg-gradient-to-br from-brand-50 via-surface to-slate-100 px-4 py-12">
      <Link to="/" className="mb-8 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-600 text-white">C</span>
        Community Admin
      </Link>
      <div className="w-full max-w-md rounded-2xl bg-surface p-8 shadow-xl ring-1 ring-slate-200">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? (
        <p className="mt-6 text-sm text-slate-600">
          {footer.prompt}{" "}
          <Link
            to={footer.to}
            reloadDocument={footer.reloadDocument}
            className="font-semibold text-brand-700 hover:text-brand-800"
          >
            {footer.label}
          </Link>
        </p>
      ) : null}
    </main>
  );
}

const noticeTones = {
  success: "bg-emerald-100 text-emerald-700",
  error: "bg-red-100 text-red-700",
  info: "bg-brand-50 text-brand-700",
} as const;

/** An account-page outcome: a round icon, a sentence, and what to do next. */
export function AuthNotice({
  icon,
  tone,
  children,
  actions,
}: {
  /** A 20/solid icon: a notice is text (decision 023). */
  icon: SolidIconName;
  tone: keyof typeof noticeTones;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <div className="flex items-start gap-3">
        <span className={`flex size-10 shrink-0 items-center justify-center rounded-full ${noticeTones[tone]}`}>
          <Icon name={icon} className="size-5" />
        </span>
        <p className="text-sm text-slate-700">{children}</p>
      </div>
      {actions}
    </div>
  );
}
