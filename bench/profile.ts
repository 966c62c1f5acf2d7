// Where a request's time goes in the server process (issue 20): the bundled server runs with
// Node's CPU profiler while autocannon loads one call at 16 connections; every sample is charged
// to the package (or our own folder) of the nearest frame the bundle's source map names, so a
// socket write counts for whoever wrote (the PostgreSQL driver, or the HTTP answer). Printed as
// microseconds of the server's CPU per request. PostgreSQL's own work is not in it (another
// process): the bare route's figures stand for that.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { type Target, measure, waitFor } from './load';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
}

export interface ProfileRow {
  call: string;
  rps: number;
  /** Microseconds of the server's CPU per request, by where they went. */
  perRequestUs: Record<string, number>;
}

const WRITES = new Set(['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String']);

/** Who a source file belongs to: an npm package, or our own folder under src/. */
function ownerOf(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1];
  const ours = /src\/(server|shared)\/([^/]+)/.exec(source);
  return ours ? `ours: ${ours[1]}/${ours[2].replace(/\.ts$/, '')}` : 'other';
}

/** `window`: microseconds before the profile's end [from, to] whose samples count (the load alone). */
function charge(profile: CpuProfile, map: TraceMap, bundleUrl: string, window: [number, number]): Map<string, number> {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const owner = new Map<number, string>();
  const ownerOfNode = (id: number): string => {
    const known = owner.get(id);
    if (known) return known;
    const frame = byId.get(id)!.callFrame;
    let found: string;
    if (frame.url === bundleUrl) {
      const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
      found = pos.source ? ownerOf(pos.source) : 'other';
    } else {
      const up = parent.get(id);
      found = up === undefined ? 'node' : ownerOfNode(up);
    }
    owner.set(id, found);
    return found;
  };
  const spent = new Map<string, number>();
  const at: number[] = [];
  profile.timeDeltas.reduce((t, d, i) => (at[i] = t + d), 0);
  const end = at[at.length - 1] ?? 0;
  profile.samples.forEach((id, i) => {
    const before = end - at[i];
    if (before > window[0] || before < window[1]) return;
    const frame = byId.get(id)!.callFrame;
    let what: string;
    if (['(idle)', '(garbage collector)', '(program)'].includes(frame.functionName)) what = frame.functionName;
    else {
      what = ownerOfNode(id);
      if (WRITES.has(frame.functionName)) what = `${what} (socket writes)`;
    }
    spent.set(what, (spent.get(what) ?? 0) + profile.timeDeltas[i]);
  });
  return spent;
}

/** A whole profile of the bundled server charged to who spent it: µs by owner, busiest first. */
export function chargeProfile(file: string, bundle: string): [string, number][] {
  const map = new TraceMap(fs.readFileSync(`${bundle}.map`, 'utf8'));
  const spent = charge(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile, map, `file://${bundle}`, [Number.MAX_SAFE_INTEGER, 0]);
  return [...spent].sort((a, b) => b[1] - a[1]);
}

export async function runProfile(databaseUrl: string, calls: { name: string; target: Target }[], seconds: number, log: (s: string) => void): Promise<ProfileRow[]> {
  const out: ProfileRow[] = [];
  const bundle = path.resolve('dist/server/main.js');
  const map = new TraceMap(fs.readFileSync(`${bundle}.map`, 'utf8'));
  for (const call of calls) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-profile-'));
    const port = 3440;
    const server = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, bundle], {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'never', CLIENT_DIR: '/nonexistent', JOB_INTERVAL_MINUTES: '100000' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      const base = `http://127.0.0.1:${port}/api/v1`;
      await waitFor(`${base}/tenant-check`);
      // Warmed first (code compiled, sessions kept), then the profiled part is just the load.
      await measure(base, call.target, 16, 2);
      const started = performance.now();
      const figure = await measure(base, call.target, 16, seconds);
      const ended = performance.now();
      const requests = figure.rps * ((ended - started) / 1000);
      server.kill('SIGINT');
      await new Promise((r) => server.once('exit', r));
      const exited = performance.now();
      // Only the samples of the measured load: not the start, the warm-up or the shutdown.
      const window: [number, number] = [(exited - started) * 1000, (exited - ended) * 1000];
      const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
      const spent = charge(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile, map, `file://${bundle}`, window);
      const perRequestUs = Object.fromEntries([...spent].sort((a, b) => b[1] - a[1]).map(([k, us]) => [k, Math.round(us / requests)]));
      log(`  ${call.name} @16: ${figure.rps} req/s; server CPU per request (µs): ${Object.entries(perRequestUs).slice(0, 8).map(([k, v]) => `${k} ${v}`).join(', ')}`);
      out.push({ call: call.name, rps: figure.rps, perRequestUs });
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return out;
}
