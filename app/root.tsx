import { data, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";

import type { Route } from "./+types/root";
import "./app.css";
import { ToastRoom, Toaster, usePageToasts, useRoomKeepsThePageStill } from "~/components/feedback/toaster";
import { ErrorPageUnloaded } from "~/components/error-page-unloaded";
import { useNonce } from "~/components/nonce";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { useLinkNavigation } from "~/components/ui/link";
import { checkSubmittedForms } from "~/forms/form-data.server";
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

// The error page's code loads when a page shows it (decision 089): a first load does without it.
// If it cannot load (the connection that failed the page), the page still says something went wrong.
const RootErrorPage = lazyDialog(() =>
  import("~/components/error-pages").then(
    (module) => module.RootErrorPage,
    () => ErrorPageUnloaded,
  ),
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RootErrorPage error={error} />;
}
