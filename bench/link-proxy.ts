// One slow link for the whole browser (issue 41): an HTTP proxy that every request of the bench's
// Chromium goes through, the page's and its service worker's alike. DevTools' network emulation is
// set per target, so the worker's own fetches (its install) went at the machine's speed and the
// page and the worker each had a link of their own; here they share one: each request waits half
// the round trip before it is sent and half before its answer starts; the answers share the
// downlink's speed in turns (a packet's worth each, as TCP flows share a link roughly), the
// requests go up first come, first served.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Link {
  /** Round trip added to each request, ms. */
  latencyMs: number;
  downBytesPerS: number;
  upBytesPerS: number;
}

/** 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip: a congested 4G link. */
export const SLOW_LINK: Link = { latencyMs: 150, downBytesPerS: 1_600_000 / 8, upBytesPerS: 750_000 / 8 };

/** One answer on its way down: bytes not sent yet, not before `from` (its half round trip). */
interface Flow {
  from: number;
  /** Sends the answer's status and headers, once, when `from` has come. */
  start: (() => void) | null;
  queued: Buffer[];
  ended: boolean;
  write: (chunk: Buffer) => void;
  end: () => void;
}

/** The downlink: every few ms, the bytes the link carried meanwhile, a packet at a time from each flow in turn. */
function downlink(bytesPerS: number): (flow: Flow) => void {
  const flows: Flow[] = [];
  let budget = 0;
  let last = Date.now();
  let timer: NodeJS.Timeout | null = null;
  const PACKET = 1460;
  const tick = () => {
    const now = Date.now();
    budget = Math.min(budget + ((now - last) / 1000) * bytesPerS, bytesPerS / 10);
    last = now;
    let sent = true;
    while (budget >= 1 && sent) {
      sent = false;
      for (const flow of flows) {
        if (flow.from > now || budget < 1) continue;
        flow.start?.();
        flow.start = null;
        const head = flow.queued[0];
        if (!head) continue;
        const n = Math.min(PACKET, head.length, Math.floor(budget));
        flow.write(head.subarray(0, n));
        if (n === head.length) flow.queued.shift();
        else flow.queued[0] = head.subarray(n);
        budget -= n;
        sent = true;
      }
    }
    for (let i = flows.length - 1; i >= 0; i--) {
      const flow = flows[i];
      if (flow.ended && flow.queued.length === 0 && flow.from <= now) {
        flow.start?.();
        flow.end();
        flows.splice(i, 1);
      }
    }
    if (flows.length === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
  return (flow) => {
    flows.push(flow);
    if (!timer) {
      last = Date.now();
      budget = 0;
      timer = setInterval(tick, 5);
    }
  };
}

/** A direction of the link: when each chunk is through, in the order chunks were given. */
function pipe(bytesPerS: number): (bytes: number) => number {
  let freeAt = 0;
  return (bytes) => {
    freeAt = Math.max(Date.now(), freeAt) + (bytes / bytesPerS) * 1000;
    return freeAt;
  };
}

const at = (time: number, fn: () => void) => setTimeout(fn, Math.max(0, time - Date.now()));

/** Starts the proxy on `port` (0: any); answers its address and a stop. Plain HTTP only. */
export async function startLinkProxy(link: Link, port = 0): Promise<{ server: string; close: () => Promise<void> }> {
  const down = downlink(link.downBytesPerS);
  const up = pipe(link.upBytesPerS);
  const half = link.latencyMs / 2;
  const server = http.createServer((req, res) => {
    // A proxy is asked for the absolute URL; every host of the bench is on this machine.
    const target = new URL(req.url ?? '/');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      // The request's headers and body go up the link, then half the round trip.
      at(up(400 + body.length) + half, () => {
        let flow: Flow | null = null;
        const upstream = http.request(
          { host: '127.0.0.1', port: Number(target.port || 80), method: req.method, path: `${target.pathname}${target.search}`, headers: req.headers },
          (answer) => {
            flow = {
              from: Date.now() + half,
              start: () => res.writeHead(answer.statusCode ?? 502, answer.headers),
              queued: [],
              ended: false,
              write: (c) => res.write(c),
              end: () => res.end(),
            };
            const mine = flow;
            answer.on('data', (c: Buffer) => mine.queued.push(c));
            answer.on('end', () => {
              mine.ended = true;
            });
            answer.on('error', () => res.destroy());
            down(mine);
          },
        );
        upstream.on('error', () => res.destroy());
        // The browser gave up on it (a page closed, a stream ended): nothing more goes down.
        res.on('close', () => {
          upstream.destroy();
          if (flow) Object.assign(flow, { queued: [], ended: true, start: null, write: () => undefined, end: () => undefined });
        });
        res.on('error', () => undefined);
        upstream.end(body);
      });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    server: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
