// Preloaded (NODE_OPTIONS=--import) into the panel by `npm run soak`: on SIGUSR2 the process
// writes its memory use as one JSON line on stdout, so the soak samples it at the moments it
// chooses. RSS includes native memory (zlib and brotli state) that the JS heap figures leave out.
process.on("SIGUSR2", () => {
  const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.stdout.write(`${JSON.stringify({ msg: "memory", rss, heapTotal, heapUsed, external, arrayBuffers })}\n`);
});
