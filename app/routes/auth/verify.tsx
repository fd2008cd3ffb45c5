import { ArrowPathIcon, CheckCircleIcon, ExclamationTriangleIcon } from "@heroicons/react/20/solid";
import { data, useLocation, useNavigation } from "react-router";

import type { Route } from "./+types/verify";
import { tokenPageHeaders, tokenPageMeta, TokenPageErrorBoundary } from "~/components/account/token-page";
import { NotFoundPage } from "~/components/not-found-page";
import { AuthCard, AuthNotice } from "~/components/layout/auth-card";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { env } from "~/config/env.server";
import { verifyEmail } from "~/upstream/auth.server";
import { isUpstreamError } from "~/upstream/errors";

type Verification =
  { state: "not-found" } | { state: "verified"; appUrl: string } | { state: "invalid"; retry: boolean; appUrl: string };

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim();
  // docs/product.md#verify-email: no token, no page. A data answer (not a thrown 404) keeps this route's headers.
  if (!token) return data<Verification>({ state: "not-found" }, { status: 404 });

  // "A link to the mobile app to continue logging in": the configured download link, else
  // /get-app, which sends phones to their store.
  const appUrl = env().APP_DOWNLOAD_URL ?? "/get-app";
  try {
    await verifyEmail(request, token);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    // A 4xx is the link's fault (unknown, used or expired token); a 5xx or a timeout is ours,
    // and the same link may work a moment later.
    const retry = error.status >= 500;
    return data<Verification>({ state: "invalid", retry, appUrl }, { status: retry ? 503 : 400 });
  }
  return data<Verification>({ state: "verified", appUrl });
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const state = loaderData?.state;
  const title =
    state === "verified"
      ? "Account verified successfully"
      : state === "invalid"
        ? "Verification Link Invalid"
        : state === "not-found"
          ? "Page Not Found"
          : "Email verification";
  return tokenPageMeta(`${title} · Admin Dashboard`);
};

export const headers = tokenPageHeaders();

export default function Verify({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  // A client navigation to another /verify link (e.g. "Try again") waits for the loader: show
  // the loading state (docs/product.md#verify-email) meanwhile. A link opened from an email is verified by the server
  // before the first byte, so it never needs one.
  const verifying = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  if (verifying) return <Verifying />;
  if (loaderData.state === "not-found") return <NotFoundPage />;
  if (loaderData.state === "verified") return <Verified appUrl={loaderData.appUrl} />;
  return (
    <InvalidLink
      retry={loaderData.retry}
      appUrl={loaderData.appUrl}
      retryTo={`${location.pathname}${location.search}`}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TokenPageErrorBoundary error={error} />;
}

function Verifying() {
  return (
    <AuthCard title="Loading">
      <div role="status" className="flex items-center gap-3 text-sm text-slate-700">
        <ArrowPathIcon className="size-5 animate-spin text-brand-700" aria-hidden="true" />
        Please wait while we verify your data.
      </div>
    </AuthCard>
  );
}

function AppButton({ appUrl, variant }: { appUrl: string; variant?: "primary" | "secondary" }) {
  if (/^https?:/i.test(appUrl)) {
    return (
      <a href={appUrl} rel="noreferrer" className={buttonClass(variant, "md", "w-full py-3")}>
        Open the mobile app
      </a>
    );
  }
  // /get-app answers with a redirect to a store: a full page load, not a client navigation.
  return (
    <ButtonLink to={appUrl} reloadDocument variant={variant} className="w-full py-3">
      Open the mobile app
    </ButtonLink>
  );
}

function Verified({ appUrl }: { appUrl: string }) {
  return (
    <AuthCard title="Account verified successfully">
      <AuthNotice icon={CheckCircleIcon} tone="success" actions={<AppButton appUrl={appUrl} />}>
        Your email address is confirmed. Continue in the mobile app to log in.
      </AuthNotice>
    </AuthCard>
  );
}

function InvalidLink({ retry, appUrl, retryTo }: { retry: boolean; appUrl: string; retryTo: string }) {
  return (
    <AuthCard title="Verification Link Invalid">
      <AuthNotice
        icon={ExclamationTriangleIcon}
        tone="error"
        actions={
          retry ? (
            // The same URL again: its token was not used, the server just did not answer.
            <ButtonLink to={retryTo} className="w-full py-3">
              Try again
            </ButtonLink>
          ) : (
            <AppButton appUrl={appUrl} />
          )
        }
      >
        {retry
          ? "We could not verify your email right now. Please try again in a moment."
          : "This verification link is invalid, has expired or was already used. Open the mobile app to request a new one."}
      </AuthNotice>
    </AuthCard>
  );
}
