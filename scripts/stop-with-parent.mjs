// Preloaded (`node --import`) into the processes `npm start` runs. They talk to scripts/start.mjs
// over an IPC channel; when it closes, start.mjs is gone however it ended (even SIGKILL), and the
// process stops the way SIGTERM stops it (graceful shutdown) instead of holding its port as an orphan.
if (process.channel) {
  process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
  // The channel must not keep a process alive that would otherwise exit.
  process.channel.unref();
}
