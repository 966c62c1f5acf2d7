// Every browser test: its worker's server answering first (started in the background by
// tests/e2e/global-setup.ts), and when a test fails, what its pages were doing beside the error.
import { beforeAll, beforeEach } from 'vitest';
import { serverPort } from './browser';
import { diagnostics, resetDiagnostics } from './diagnostics';

beforeAll(async () => {
  const port = serverPort();
  const deadline = Date.now() + 280_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/tenant-check`, { signal: AbortSignal.timeout(5000) });
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`the e2e server on port ${port} did not answer (its start is reported by the run's global setup)`);
    await new Promise((r) => setTimeout(r, 250));
  }
}, 300_000);

beforeEach(({ onTestFailed }) => {
  resetDiagnostics();
  onTestFailed(async () => {
    console.error(`--- pages of the failed test (${new Date().toISOString().slice(11, 19)}) ---\n${await diagnostics()}`);
  });
});
