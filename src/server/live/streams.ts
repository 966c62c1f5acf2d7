// The event streams open in this process, so that an access change ends the streams it ends at
// once (issue 39): a sign-out, a removed device, "sign out everywhere", a deactivated user, a
// revoked support grant or changed permissions. Every access change announces itself (migration
// 017's channel); each open stream then looks its session up again, as a request would.

export interface OpenStream {
  /** Whether the stream's session still holds, with the access it was opened with. */
  stillHolds(): Promise<boolean>;
  end(): void;
}

export class OpenStreams {
  private readonly streams = new Set<OpenStream>();
  private running: Promise<void> | null = null;
  private again = false;

  add(stream: OpenStream): () => void {
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  get size(): number {
    return this.streams.size;
  }

  endAll(): void {
    for (const stream of this.streams) stream.end();
  }

  /** Access changed somewhere: each stream whose session no longer holds ends now. Changes that come during a round are taken by one more round. */
  accessChanged(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        for (const stream of [...this.streams]) {
          const holds = await stream.stillHolds().catch(() => false);
          if (!holds) stream.end();
        }
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
