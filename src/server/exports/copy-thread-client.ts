// The server's side of copy-thread.ts: starts the thread for one job and asks it, one request at a
// time. From the sources (tests, `npm run dev`) the thread runs the TypeScript file through tsx; from
// the bundle (`npm start`) it runs dist/server/copy-thread.js, built beside main.js
// (scripts/build-server.ts).
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ThreadAnswer, ThreadRequest } from './copy-thread';
import { CopyRefused } from './restore-checks';

const fromSources = import.meta.url.endsWith('.ts');
const THREAD = fromSources ? new URL('./copy-thread.ts', import.meta.url) : new URL('./copy-thread.js', import.meta.url);

/** From the sources, tsx is registered in the thread before the TypeScript file is loaded. */
function startThread(): Worker {
  if (!fromSources) return new Worker(THREAD);
  // tsx's ES module API (its package's "./esm/api" import), found from its package file.
  const tsx = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(THREAD.href)}); });`, { eval: true });
}

/** How many copy threads are running now (tests see the work leave the server's thread). */
let running = 0;
export const copyThreadsRunning = () => running;

export class CopyThread {
  private readonly worker: Worker;
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  private failure: Error | null = null;

  constructor() {
    this.worker = startThread();
    running++;
    this.worker.on('message', (answer: ThreadAnswer) => {
      const call = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (!call) return;
      if (answer.ok) call.resolve(answer.value);
      else call.reject(answer.key ? new CopyRefused(answer.key, answer.vars) : new Error(answer.message));
    });
    const stop = (err: Error) => {
      this.failure ??= err;
      for (const call of this.waiting.values()) call.reject(err);
      this.waiting.clear();
    };
    this.worker.on('error', stop);
    this.worker.on('exit', () => {
      running--;
      stop(new Error('the copy thread stopped'));
    });
  }

  /** One request; buffers in `transfer` move to the thread (unusable here after). */
  ask<T>(request: ThreadRequest, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, request }, transfer);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
