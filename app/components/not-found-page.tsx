import { Link } from "~/components/ui/link";

/**
 * The product's 404 page (docs/product.md#not-found). Back to Home goes to `/` as the spec says;
 * a visitor who is not signed in is most likely a member who followed an old email link, for whom
 * `/` is the admin sign-in, so the page also points them to the app (`showAppLink`).
 */
export function NotFoundPage({ showAppLink = true }: { showAppLink?: boolean }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-6 py-24 text-center">
      <p className="text-7xl font-bold tracking-tight text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-semibold tracking-tight text-slate-900">Page Not Found</h1>
      <p className="mt-4 text-base text-slate-600">We couldn't find the page you are looking for.</p>
      <Link
        to="/"
        className="mt-8 inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        Back to Home
      </Link>
      {showAppLink ? (
        <p className="mt-6 max-w-sm text-sm text-slate-600">
          Home is the administrators' sign-in. Members of the community:{" "}
          <Link to="/get-app" reloadDocument className="font-semibold text-brand-700 hover:text-brand-800">
            continue in the mobile app
          </Link>
          .
        </p>
      ) : null}
    </main>
  );
}
