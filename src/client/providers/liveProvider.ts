// Refine's liveProvider over GET /live (server-sent events, src/server/live/): one stream per tab,
// opened on the first subscription and closed after the last, read with fetch so the token goes
// in the Authorization header. Each event names a resource, a type and ids; Refine's live mode
// ("auto") then refetches the lists and records showing them. A lost stream is opened again after
// a pause; when it may have missed events (it was away, or the server says resync), every query
// is refetched. A 401 or 403 ends it quietly: the next call meets the ended session as usual.
import type { LiveEvent, LiveProvider } from '@refinedev/core';
import { API_BASE, requestHeaders } from './http';
import { queryClient } from './queryClient';

type Callback = (event: LiveEvent) => void;
interface Subscription {
  channel: string;
  types: readonly string[];
  callback: Callback;
}

const RETRY_MS = 3000;
const subscriptions = new Set<Subscription>();
let controller: AbortController | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;

/** The events of one chunk of the stream (complete blocks only; the rest waits for more). */
export function parseEvents(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    return event && data !== undefined ? [{ event, data }] : [];
  });
  return { events, rest };
}

function deliver(event: string, data: string): void {
  if (event === 'resync') {
    void queryClient.invalidateQueries();
    return;
  }
  if (event !== 'change') return;
  const change = JSON.parse(data) as { resource: string; type: string; ids: number[] };
  const live: LiveEvent = { channel: `resources/${change.resource}`, type: change.type, payload: { ids: change.ids }, date: new Date() };
  for (const s of subscriptions) {
    if (s.channel === live.channel && (s.types.includes('*') || s.types.includes(live.type))) s.callback(live);
  }
}

async function connect(resumed: boolean): Promise<void> {
  const own = new AbortController();
  controller = own;
  try {
    const response = await fetch(`${API_BASE}/live`, { headers: requestHeaders({ Accept: 'text/event-stream' }), signal: own.signal });
    if (response.status === 401 || response.status === 403 || !response.body) return;
    if (!response.ok) throw new Error(String(response.status));
    // Back after a gap: what changed meanwhile was not heard.
    if (resumed) void queryClient.invalidateQueries();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const { events, rest } = parseEvents(buffer + value);
      buffer = rest;
      for (const e of events) deliver(e.event, e.data);
    }
  } catch {
    // A lost connection: tried again below.
  }
  if (controller !== own || own.signal.aborted || !subscriptions.size) return;
  controller = null;
  retry = setTimeout(() => void connect(true), RETRY_MS);
}

function close(): void {
  clearTimeout(retry);
  controller?.abort();
  controller = null;
}

export const liveProvider: LiveProvider = {
  subscribe: ({ channel, types, callback }) => {
    const subscription: Subscription = { channel, types, callback };
    subscriptions.add(subscription);
    if (!controller && subscriptions.size === 1) void connect(false);
    return subscription;
  },
  unsubscribe: (subscription: Subscription) => {
    subscriptions.delete(subscription);
    if (!subscriptions.size) close();
  },
};
