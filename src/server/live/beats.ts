// The beat of the open event streams: every 20 s each stream gets a comment line (so proxies keep a
// quiet stream open) if its session still stands, and ends otherwise. One statement asks for all
// the streams' sessions at once: a beat per stream, each its own query, cost one query a second
// for every 20 streams, which with thousands of screens open was more than their requests.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

export interface Beating {
  tokenHash: string;
  /** The session stands: write the beat. */
  beat(): void;
  /** The session ended or expired: end the stream. */
  end(): void;
}

/** Sessions asked about in one statement (an array parameter of this many hashes). */
const CHUNK = 5000;

export class Beats {
  private readonly streams = new Set<Beating>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly everyMs: number,
  ) {}

  add(stream: Beating): () => void {
    this.streams.add(stream);
    if (!this.timer) {
      this.timer = setInterval(() => void this.round(), this.everyMs);
      this.timer.unref();
    }
    return () => {
      this.streams.delete(stream);
      if (!this.streams.size && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  /** One beat for every stream open now. */
  async round(): Promise<void> {
    const streams = [...this.streams];
    for (let i = 0; i < streams.length; i += CHUNK) {
      const part = streams.slice(i, i + CHUNK);
      const hashes = [...new Set(part.map((s) => s.tokenHash))];
      let standing: Set<string>;
      try {
        const { rows } = await sql<{ token_hash: string }>`select token_hash from sessions where token_hash = any(${hashes}::text[]) and expires_at > now()`.execute(this.db);
        standing = new Set(rows.map((r) => r.token_hash));
      } catch {
        standing = new Set();
      }
      for (const stream of part) {
        if (!this.streams.has(stream)) continue;
        if (standing.has(stream.tokenHash)) stream.beat();
        else stream.end();
      }
    }
  }
}
