// LISTEN on PostgreSQL for the life of the process: one dedicated connection (a pooled one would
// stop listening when returned), reconnected after a loss. While it is down the subscriber is told
// so, because it may have missed notifications.
import type pgModule from 'pg';

export interface ChannelHandlers {
  /** A notification on the channel, after the transaction that sent it committed, with its payload. */
  notify(payload: string): void;
  /** true once listening, false when the connection is lost (notifications may have been missed). */
  live(listening: boolean): void;
}

const RETRY_MS = 2_000;

export function listenPostgres(pg: typeof pgModule, connectionString: string, channel: string, on: ChannelHandlers): () => Promise<void> {
  let client: pgModule.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (c: pgModule.Client) => {
    if (client === c) client = null;
    on.live(false);
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RETRY_MS);
    retry.unref();
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (message) => {
      if (message.channel === channel) on.notify(message.payload ?? '');
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
      if (stopped) return void (await c.end());
      client = c;
      on.live(true);
    } catch {
      lost(c);
      await c.end().catch(() => undefined);
    }
  };

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}
