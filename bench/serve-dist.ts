// A build of the app (`npm run build`'s output: client/ and server/, node_modules reachable from
// it) served on a port of its own with an empty embedded database, for the A/B benches
// (slow-link-ab.ts, repeat-ab.ts). Resolves once the server answers.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ServedDist {
  base: string;
  child: ChildProcess;
  dataDir: string;
}

export async function serveDist(dist: string, port: number): Promise<ServedDist> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-ab-'));
  const child = spawn(process.execPath, [path.join(dist, 'server/main.js')], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, CLIENT_DIR: path.join(dist, 'client'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i++) {
    if (await fetch(`http://127.0.0.1:${port}/api/v1/tenant-check`).then(() => true, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base: `http://demo.localhost:${port}`, child, dataDir };
}

/** Stops a served build and removes its database. */
export function stopDist(served: ServedDist): void {
  served.child.kill('SIGTERM');
  fs.rmSync(served.dataDir, { recursive: true, force: true });
}
