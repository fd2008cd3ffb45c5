// Test-only preload (NODE_OPTIONS=--import): on SIGUSR2 the process breaks a built-in exactly as
// one form post with a field named `hasOwnProperty.call` did before issue 12. Express keeps
// answering; React rendering does not. Used to prove that /readyz notices.
process.on("SIGUSR2", () => {
  // @ts-expect-error -- the point: a string where the built-in function was.
  Object.prototype.hasOwnProperty.call = "1";
});
