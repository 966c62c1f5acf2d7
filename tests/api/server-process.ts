// A real server process (`src/server/main.ts`, as `npm start` runs it) for tests that need more
// than one: its own port, data folder and log; spoken to over HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ServerProcess {
  port: number;
  dataDir: string;
  call(method: string, url: string, o?: { host?: string; token?: string | null; body?: unknown; raw?: Buffer; contentType?: string; ip?: string }): Promise<{ status: number; body: Record<string, unknown>; raw: Buffer }>;
  /** An open GET whose body is read as it comes (the live event stream). */
  open(url: string, o: { host: string; token: string }): Promise<{ status: number; text: () => string; close: () => void }>;
  log(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-node-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, CLIENT_DIR: '/nonexistent', LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (output.includes('Clinic platform is running')) resolve();
      else if (child.exitCode !== null || Date.now() - started > 60_000) reject(new Error(`the server did not start:\n${output}`));
      else return;
      clearInterval(timer);
    }, 50);
  });

  const request = (method: string, url: string, headers: Record<string, string>, payload?: Buffer) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path: `/api/v1${url}`, headers }, resolve);
      req.on('error', reject);
      req.end(payload);
    });

  return {
    port,
    dataDir,
    async call(method, url, o = {}) {
      const headers: Record<string, string> = { host: o.host ?? 'localhost', 'accept-language': 'en', 'x-forwarded-for': o.ip ?? '127.0.0.1' };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      let payload: Buffer | undefined;
      if (o.raw) payload = o.raw;
      else if (o.body !== undefined) payload = Buffer.from(JSON.stringify(o.body));
      if (payload) headers['content-type'] = o.contentType ?? 'application/json';
      const res = await request(method, url, headers, payload);
      const parts: Buffer[] = [];
      for await (const part of res) parts.push(part as Buffer);
      const raw = Buffer.concat(parts);
      let body: Record<string, unknown> = {};
      if ((res.headers['content-type'] ?? '').includes('json') && raw.length) body = JSON.parse(raw.toString()) as Record<string, unknown>;
      return { status: res.statusCode ?? 0, body, raw };
    },
    async open(url, o) {
      const res = await request('GET', url, { host: o.host, authorization: `Bearer ${o.token}` });
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('error', () => undefined);
      return { status: res.statusCode ?? 0, text: () => text, close: () => res.destroy() };
    },
    log: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
