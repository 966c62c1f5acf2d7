// Every browser test: when it fails, what its pages were doing is printed beside the error.
import { beforeEach } from 'vitest';
import { diagnostics, resetDiagnostics } from './diagnostics';

beforeEach(({ onTestFailed }) => {
  resetDiagnostics();
  onTestFailed(async () => {
    console.error(`--- pages of the failed test (${new Date().toISOString().slice(11, 19)}) ---\n${await diagnostics()}`);
  });
});
