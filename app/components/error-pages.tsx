import { NotFoundPage } from "~/components/not-found-page";
import { describePageError } from "~/lib/page-error";

// The error pages of the root and of the admin shell, in a module of their own: their route's
// ErrorBoundary loads it when a page shows one (lazyDialog), so no first load carries them
// (decision 089).

/** The root's error page: the 404 page, or what went wrong (docs/product.md#not-found). */
export function RootErrorPage({ error }: { error: unknown }) {
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

/**
 * The main layout's error fallback (docs/product.md#shell-error-page): the shell's content area shows what went
 * wrong, in the words of a page error thrown on purpose (a page the upstream refuses this admin).
 */
export function ShellErrorPage({ error }: { error: unknown }) {
  const { status, message } = describePageError(error);
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-4xl font-bold text-brand-700">{status}</p>
      <h1 className="mt-3 text-xl font-semibold">{message ?? "Something went wrong"}</h1>
      <p className="mt-2 text-slate-600">Please try again, or go back to the dashboard.</p>
      <a href="/" className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
        Back to Home
      </a>
    </main>
  );
}
