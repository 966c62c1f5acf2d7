// Long jobs on the request thread (a clinic's copy, a restore) done in slices. The embedded
// database answers a query without giving the event loop a turn, so a job made of awaited queries
// and in-memory work (zipping, JSON) would hold the loop from start to end: every other clinic's
// requests waited seconds behind one export (issue 39). A job calls `slice()` between small steps;
// once it has run `budgetMs` since the loop last had a turn, the loop gets one (setImmediate runs
// after the I/O waiting, so requests already arrived are served first).

/** A yield point for a long job: cheap when called often, a loop turn every `budgetMs`. */
export function slicer(budgetMs = 20): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
