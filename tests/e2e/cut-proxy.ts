// A front for the test server that a browser test can cut the way a clinic's uplink is cut (issue
// 36): the page stays loaded while the server becomes unreachable (connections refused at once),
// hangs (requests never answered) or is mute (requests reach the server, its answers never come
// back). Playwright's setOffline does not stop a service worker's traffic; a cut here does, since
// every byte passes through this process. `rewrite` lets a test change what the server sends (a
// new service worker, as a new deployment would give).
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** 'mute': requests reach the server, its answers never come back (the write lands, its answer is lost). */
export type LinkState = 'up' | 'down' | 'hanging' | 'mute';

export interface CutProxy {
  port: number;
  set(state: LinkState): void;
  /** Changes the body of answers to paths for which it returns a string. */
  rewrite(fn: ((path: string, body: string) => string | null) | null): void;
  close(): Promise<void>;
}

export async function cutProxy(targetPort: number): Promise<CutProxy> {
  let state: LinkState = 'up';
  let rewriter: ((path: string, body: string) => string | null) | null = null;
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    if (state === 'mute') {
      const upstream = http.request({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url ?? '/', headers: req.headers }, (answer) => answer.resume());
      upstream.on('error', () => undefined);
      req.pipe(upstream);
      return;
    }
    if (state !== 'up') {
      // Hanging: kept open, never answered (the socket is destroyed when the link changes).
      if (state === 'down') req.socket.destroy();
      return;
    }
    const path = req.url ?? '/';
    const headers = { ...req.headers };
    if (rewriter) {
      // Whole plain bodies, to be rewritten (not gzip, not a 304 without a body).
      for (const h of ['accept-encoding', 'if-none-match', 'if-modified-since']) delete headers[h];
    }
    const upstream = http.request({ host: '127.0.0.1', port: targetPort, method: req.method, path, headers }, (answer) => {
      const change = rewriter;
      if (!change) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const original = Buffer.concat(chunks);
        const changed = change(path, original.toString('utf8'));
        const body = changed === null ? original : Buffer.from(changed);
        const out = { ...answer.headers, 'content-length': String(body.length) };
        delete out['transfer-encoding'];
        res.writeHead(answer.statusCode ?? 502, out);
        res.end(body);
      });
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    if (state === 'down') {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    set(next) {
      state = next;
      // A cut breaks what is open too (the live stream, requests in flight); so does its end
      // (requests left hanging would otherwise hold their connections).
      for (const s of sockets) s.destroy();
    },
    rewrite(fn) {
      rewriter = fn;
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
