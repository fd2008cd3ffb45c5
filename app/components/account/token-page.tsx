import { type HeadersFunction, isRouteErrorResponse, type MetaDescriptor } from "react-router";

import { NotFoundPage } from "~/components/not-found-page";
import { AuthCard } from "~/components/layout/auth-card";
import { ButtonLink } from "~/components/ui/button";

/**
 * Headers of a page whose URL or form carries a secret (reset token, verification token,
 * deletion step): no Referer leaks the URL to the next site, and no cache keeps the page.
 */
export const TOKEN_PAGE_HEADERS = {
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
} as const;

/**
 * The `headers` export of a token page. React Router calls it for the route's own answers,
 * its errors (the route has its own ErrorBoundary, so they stop here) and its data requests;
 * Set-Cookie lines are merged by React Router itself.
 */
export const tokenPageHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers();
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    source?.forEach((value, name) => {
      if (name.toLowerCase() !== "set-cookie") headers.set(name, value);
    });
  }
  for (const [name, value] of Object.entries(TOKEN_PAGE_HEADERS)) headers.set(name, value);
  return headers;
};

/** Meta tags of a token page: its title, no referrer (also for links opened from it), not indexed. */
export function tokenPageMeta(title: string): MetaDescriptor[] {
  return [
    { title },
    { name: "referrer", content: "no-referrer" },
    { name: "robots", content: "noindex" },
  ];
}

/**
 * The ErrorBoundary of a token page. Having one in the route keeps the route's `headers`
 * export in charge of error answers too (React Router only asks routes up to the boundary).
 */
export function TokenPageErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <AuthCard title="Something went wrong" subtitle="The page could not be shown. Please try again in a moment.">
      <ButtonLink to="/" variant="secondary" className="w-full">
        Back to Home
      </ButtonLink>
    </AuthCard>
  );
}
