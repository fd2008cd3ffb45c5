import type { HeadersFunction, MetaDescriptor } from "react-router";

import { NotFoundPage } from "~/components/not-found-page";
import { AuthCard } from "~/components/layout/auth-card";
import { ButtonLink } from "~/components/ui/button";
import { describePageError } from "~/lib/page-error";
import { PERSONAL_CACHE_CONTROL } from "~/lib/personal-cache";

/**
 * How much of a token page's URL other requests may see as Referer.
 * - "no-referrer" for pages without a form (verify, accept-invite).
 * - "same-origin" for pages with a POST form (reset-password, delete-account): under
 *   "no-referrer" a browser sends `Origin: null` with a form POST, which React Router's action
 *   origin check rejects, so the form would fail without JavaScript. "same-origin" still sends
 *   nothing to other sites (stores, images, links), which is what protects the token.
 */
export type TokenReferrerPolicy = "no-referrer" | "same-origin";

/** The headers of a token page: no Referer to other sites, and no cache keeps the page. */
export function tokenPageHeaderValues(referrerPolicy: TokenReferrerPolicy = "no-referrer") {
  return { "Referrer-Policy": referrerPolicy, "Cache-Control": PERSONAL_CACHE_CONTROL } as const;
}

/**
 * The `headers` export of a token page. React Router calls it for the route's own answers,
 * its errors (the route has its own ErrorBoundary, so they stop here) and its data requests;
 * Set-Cookie lines are merged by React Router itself. `extra` adds headers of the page's own
 * (the Vary of a page whose links depend on the platform).
 */
export function tokenPageHeaders(
  referrerPolicy: TokenReferrerPolicy = "no-referrer",
  extra: Record<string, string> = {},
): HeadersFunction {
  return ({ loaderHeaders, actionHeaders, errorHeaders }) => {
    const headers = new Headers();
    for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
      source?.forEach((value, name) => {
        if (name.toLowerCase() !== "set-cookie") headers.set(name, value);
      });
    }
    for (const [name, value] of Object.entries({ ...tokenPageHeaderValues(referrerPolicy), ...extra })) {
      headers.set(name, value);
    }
    return headers;
  };
}

/** Meta tags of a token page: its title, the same referrer policy as its header, not indexed. */
export function tokenPageMeta(title: string, referrerPolicy: TokenReferrerPolicy = "no-referrer"): MetaDescriptor[] {
  return [{ title }, { name: "referrer", content: referrerPolicy }, { name: "robots", content: "noindex" }];
}

/**
 * The ErrorBoundary of a token page. Having one in the route keeps the route's `headers`
 * export in charge of error answers too (React Router only asks routes up to the boundary).
 */
export function TokenPageErrorBoundary({ error }: { error: unknown }) {
  const { status, message } = describePageError(error);
  if (status === 404) return <NotFoundPage />;
  return (
    <AuthCard
      title="Something went wrong"
      subtitle={message ?? "The page could not be shown. Please try again in a moment."}
    >
      <ButtonLink to="/" variant="secondary" className="w-full">
        Back to Home
      </ButtonLink>
    </AuthCard>
  );
}
