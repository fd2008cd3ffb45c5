import { data, redirect } from "react-router";
import * as z from "zod/mini";

import type { Route } from "./+types/verify";
import { AppOfferActions } from "~/components/account/app-links";
import type { AppOffer } from "~/components/account/app-offer";
import {
  tokenPageHeaderValues,
  tokenPageHeaders,
  tokenPageMeta,
  TokenPageErrorBoundary,
} from "~/components/account/token-page";
import { NotFoundPage } from "~/components/not-found-page";
import { AuthCard, AuthNotice } from "~/components/layout/auth-card";
import { buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { appOfferOf, PLATFORM_VARY } from "~/routes/auth/app-offer.server";
import { pageMemory, tokenFingerprint } from "~/routes/auth/page-memory.server";
import { isRefusal } from "~/recipe/failure.server";
import { rememberVerifiedLink, wasVerifiedHere } from "~/routes/auth/verified-links.server";
import { isKnownCrawler } from "~/session/user-agent";
import { verifyEmail } from "~/upstream/auth.server";
import { isUpstreamError } from "~/upstream/errors";

// Mail scanners and link previews open links before people do (a HEAD, or a GET that runs no
// script and follows no refresh), and the upstream spends a verification token on its first use.
// So the link itself never calls the upstream (docs/decisions/016-email-link-pages.md):
// 1. GET /verify?token=T answers the spec's 'Loading' page at once. It moves on by itself to
//    step 2 with a <meta http-equiv="refresh">, with JavaScript and without.
// 2. GET /verify?token=T&step=check calls the upstream (never for a HEAD). A result, good or bad,
//    is remembered in a signed cookie and shown at /verify?done=1, a URL without the token:
//    a reload shows it again, and so does the email link opened again in the same browser.
//    An upstream that failed (5xx, timeout, busy) spends nothing: a retry state, status 503.
// A client that names itself a crawler (isKnownCrawler) never gets past step 1 and is not sent
// on: it spends nothing even when it follows refreshes. A link the upstream refuses that this
// panel saw it accept before (verified-links.server.ts) was spent by whoever opened it first:
// the account is verified, and the person is told so.

/** The result URL: no token in it, the cookie says what happened. */
const RESULT_URL = "/verify?done=1";

/** How long a browser remembers its verification result. */
const OUTCOME_MAX_AGE = 60 * 60;

const verification = pageMemory(
  "email_verification",
  OUTCOME_MAX_AGE,
  z.object({ outcome: z.enum(["verified", "verified-earlier", "invalid"]), link: z.string() }),
);

type Verification =
  | { state: "not-found" }
  | { state: "loading"; checkUrl: string; moveOn: boolean }
  | { state: "verified"; offer: AppOffer; earlier?: boolean }
  | { state: "invalid"; offer: AppOffer }
  | { state: "unavailable"; retryUrl: string };

/** The verify page's own URL for a token, at a step. */
function verifyUrl(token: string, step?: "check"): string {
  const query = new URLSearchParams({ token });
  if (step) query.set("step", step);
  return `/verify?${query}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token")?.trim();
  const remembered = await verification.read(request);

  if (!token) {
    if (url.searchParams.has("done") && remembered) {
      const offer = appOfferOf(request);
      if (remembered.outcome === "invalid") return data<Verification>({ state: "invalid", offer }, { status: 400 });
      return data<Verification>({ state: "verified", offer, earlier: remembered.outcome === "verified-earlier" });
    }
    // docs/product.md#verify-email: no token, no page. A data answer (not a thrown 404) keeps this route's headers.
    return data<Verification>({ state: "not-found" }, { status: 404 });
  }

  // The same link again in a browser that already has its result: the result, not a second use.
  if (remembered?.link === tokenFingerprint(token)) throw resultRedirect();
  // Step 1, any HEAD and any known crawler: nothing reaches the upstream. A crawler is not sent on.
  const crawler = isKnownCrawler(request.headers.get("user-agent"));
  if (url.searchParams.get("step") !== "check" || request.method === "HEAD" || crawler) {
    return data<Verification>({ state: "loading", checkUrl: verifyUrl(token, "check"), moveOn: !crawler });
  }
  const link = tokenFingerprint(token);

  try {
    await verifyEmail(request, token);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    // Only a refusal is the link's fault (unknown, used or expired token); anything else says
    // nothing about the link, which was not used and may work a moment later.
    if (!isRefusal(error)) {
      return data<Verification>({ state: "unavailable", retryUrl: verifyUrl(token) }, { status: 503 });
    }
    // The upstream says the same for a spent link as for a bad one; only this panel's own record
    // tells that the link verified the account when it was opened first.
    const outcome = (await wasVerifiedHere(link)) ? "verified-earlier" : "invalid";
    throw resultRedirect(await verification.remember(request, { outcome, link }));
  }
  await rememberVerifiedLink(link);
  throw resultRedirect(await verification.remember(request, { outcome: "verified", link }));
}

/** See Other to the result URL (a 303: the token URL's history entry is not reloaded into a second use). */
function resultRedirect(setCookie?: string) {
  const headers = new Headers(tokenPageHeaderValues());
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return redirect(RESULT_URL, { status: 303, headers });
}

const TITLES: Record<Verification["state"], string> = {
  "not-found": "Page Not Found",
  loading: "Loading",
  verified: "Account verified successfully",
  invalid: "Verification Link Invalid",
  unavailable: "Verification not finished",
};

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const state = loaderData?.state;
  const tags = tokenPageMeta(`${state ? TITLES[state] : "Email verification"} · Admin Dashboard`);
  // The step that moves on by itself: a refresh, which runs without JavaScript too.
  if (loaderData?.state === "loading" && loaderData.moveOn)
    tags.push({ httpEquiv: "refresh", content: `0;url=${loaderData.checkUrl}` });
  return tags;
};

export const headers = tokenPageHeaders("no-referrer", PLATFORM_VARY);

export default function Verify({ loaderData }: Route.ComponentProps) {
  switch (loaderData.state) {
    case "not-found":
      return <NotFoundPage />;
    case "loading":
      return <Loading checkUrl={loaderData.checkUrl} />;
    case "verified":
      return <Verified offer={loaderData.offer} earlier={loaderData.earlier} />;
    case "invalid":
      return <InvalidLink offer={loaderData.offer} />;
    case "unavailable":
      return <Unavailable retryUrl={loaderData.retryUrl} />;
  }
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TokenPageErrorBoundary error={error} />;
}

function Loading({ checkUrl }: { checkUrl: string }) {
  return (
    <AuthCard title="Loading">
      <div className="space-y-6">
        <div role="status" className="flex items-center gap-3 text-sm text-slate-700">
          <Icon name="solid-arrow-path" className="size-5 animate-spin text-brand-700" />
          Please wait while we verify your data.
        </div>
        {/* For a browser that ignores refreshes. A link would be followed by crawling scanners; a form is not. */}
        <form method="get" action="/verify" className="text-center text-sm text-slate-600">
          {[...new URL(checkUrl, "http://panel").searchParams].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          Nothing happening?{" "}
          <button type="submit" className="font-semibold text-brand-700 hover:text-brand-800">
            Continue
          </button>
        </form>
      </div>
    </AuthCard>
  );
}

/** `earlier`: the link was used before this visit (opened first elsewhere), and verified the account then. */
function Verified({ offer, earlier }: { offer: AppOffer; earlier?: boolean }) {
  return (
    <AuthCard title="Account verified successfully">
      <AuthNotice icon="solid-check-circle" tone="success" actions={<AppOfferActions offer={offer} />}>
        {earlier
          ? "This link was already used, and it confirmed your email address. "
          : "Your email address is confirmed. "}
        Continue in the mobile app to log in.
      </AuthNotice>
    </AuthCard>
  );
}

function InvalidLink({ offer }: { offer: AppOffer }) {
  return (
    <AuthCard title="Verification Link Invalid">
      <AuthNotice icon="solid-exclamation-triangle" tone="error" actions={<AppOfferActions offer={offer} />}>
        This verification link is invalid, has expired or was already used. Open the mobile app to request a new one.
      </AuthNotice>
    </AuthCard>
  );
}

function Unavailable({ retryUrl }: { retryUrl: string }) {
  return (
    <AuthCard title="Verification not finished">
      <AuthNotice
        icon="solid-exclamation-triangle"
        tone="error"
        actions={
          // A document load: the link starts at 'Loading' again, which moves on by itself.
          <a href={retryUrl} className={buttonClass("primary", "md", "w-full py-3")}>
            Try again
          </a>
        }
      >
        We could not verify your email right now. Your link has not been used: please try again in a moment.
      </AuthNotice>
    </AuthCard>
  );
}
