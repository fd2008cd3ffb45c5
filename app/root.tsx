import { data, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";

import type { Route } from "./+types/root";
import "./app.css";
import { ToastRoom, Toaster, usePageToasts, useRoomKeepsThePageStill } from "~/components/feedback/toaster";
import { useNonce } from "~/components/nonce";
import { useLinkNavigation } from "~/components/ui/link";
import { NotFoundPage } from "~/components/not-found-page";
import { checkSubmittedForms } from "~/forms/form-data.server";
import { describePageError } from "~/lib/page-error";
import { enterRequestContext } from "~/lib/request-context.server";
import type { FlashToast } from "~/lib/toast";
import { randomKey } from "~/recipe/mutation-form";
import { resumeHeldSubmission } from "~/recipe/reauthentication.server";
import { readToast } from "~/session/toast.server";
import { guardRoute } from "~/recipe/route-guard.server";
import { provideSessionToUpstream } from "~/session/upstream-access.server";

// First the request's router context becomes current (per-request values live there), then the
// upstream client is given the panel's session, then every submission is read and checked, a
// submission held for a re-authentication is carried on (decision 080), and the route and the
// submission's intent are checked against the roles matrix (permissions.ts).
export const middleware: Route.MiddlewareFunction[] = [
  enterRequestContext,
  provideSessionToUpstream,
  checkSubmittedForms,
  resumeHeldSubmission,
  guardRoute,
];

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = await readToast(request);
  const flash: FlashToast | undefined = toast
    ? { id: crypto.randomUUID(), type: toast.type, message: toast.message, description: toast.description }
    : undefined;
  // onceSeed: every render's own part of its forms' one-time keys (MutationForm).
  // Only a consumed toast needs its cookie cleared; other pages set no cookie at all.
  return data({ toast: flash, onceSeed: randomKey() }, toast ? { headers } : undefined);
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const toasts = usePageToasts();
  useRoomKeepsThePageStill(toasts);
  // Every in-app link's client-side navigation: one click handler for the page (decision 069).
  useLinkNavigation();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="h-full font-sans">
        <ToastRoom toasts={toasts} />
        {/* Before the page: the first tab stop is a toast's Dismiss (the stack is fixed at the top right). */}
        <Toaster toasts={toasts} />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { status, message } = describePageError(error);
  if (status === 404) return <NotFoundPage />;

  // A page error the panel threw on purpose (pageError) says why; anything else stays generic.
  const reason = message ?? "The page could not be shown. Please try again in a moment.";
  // Details stay in the server log; the page never shows a stack trace in production.
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-6 py-24 text-center">
      <p className="text-5xl font-bold text-brand-700">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="mt-3 text-slate-600">{reason}</p>
      <a
        href="/"
        className="mt-8 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:brightness-90"
      >
        Back to Home
      </a>
      {detail ? <pre className="mt-8 max-w-3xl overflow-auto text-left text-xs text-slate-500">{detail}</pre> : null}
    </main>
  );
}
