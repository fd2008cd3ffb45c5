/**
 * What the root's and the shell's error boundaries show when the error page's own code cannot load
 * (decision 089): the connection that failed the page failed that download too. The error page's
 * heading and its way home, as a plain link (a document load).
 */
export function ErrorPageUnloaded() {
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <a href="/" className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
        Back to Home
      </a>
    </main>
  );
}
