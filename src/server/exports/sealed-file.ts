// A file too large to seal in one piece (a clinic's copy) is sealed in chunks of 1 MiB, each
// AES-256-GCM under the clinic's key and bound to the file, its place in the file and whether it
// is the last: a chunk moved, dropped, or a file cut short does not open.
// Layout, per chunk: [1 byte: 1 if last][4 bytes: length, big-endian][iv | tag | ciphertext].
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { open, seal } from '../crypto/keyring';

const CHUNK = 1024 * 1024;
const HEADER = 5;

const chunkContext = (context: string, index: number, last: boolean) => `${context}:${index}:${last ? 'last' : 'more'}`;

/** Takes bytes as they come (synchronously, from a ZIP stream) and writes them sealed. */
export class SealedFileWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private index = 0;
  private written = 0;

  private constructor(
    private readonly file: fs.promises.FileHandle,
    private readonly key: Buffer,
    private readonly context: string,
  ) {}

  static async create(path: string, key: Buffer, context: string): Promise<SealedFileWriter> {
    return new SealedFileWriter(await fs.promises.open(path, 'wx', 0o600), key, context);
  }

  /** Buffers bytes; `flush` seals and writes what makes whole chunks. */
  push(bytes: Uint8Array): void {
    if (!bytes.length) return;
    this.pending.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    this.pendingBytes += bytes.length;
  }

  async flush(): Promise<void> {
    while (this.pendingBytes > CHUNK) await this.writeChunk(CHUNK, false);
  }

  /** Writes the rest as the last chunk and closes the file; the sealed file's size in bytes. */
  async close(): Promise<number> {
    await this.flush();
    await this.writeChunk(this.pendingBytes, true);
    await this.file.sync();
    await this.file.close();
    return this.written;
  }

  async abandon(): Promise<void> {
    await this.file.close().catch(() => undefined);
  }

  private async writeChunk(size: number, last: boolean): Promise<void> {
    const all = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    const plain = all.subarray(0, size);
    const rest = all.subarray(size);
    this.pending = rest.length ? [rest] : [];
    this.pendingBytes = rest.length;
    const sealed = seal(this.key, chunkContext(this.context, this.index++, last), plain);
    const header = Buffer.alloc(HEADER);
    header.writeUInt8(last ? 1 : 0, 0);
    header.writeUInt32BE(sealed.length, 1);
    await this.file.write(Buffer.concat([header, sealed]));
    this.written += HEADER + sealed.length;
  }
}

/** Reads exactly the bytes asked for from a stream of pieces (null at the stream's end). */
class ByteReader {
  private parts: Buffer[] = [];
  private held = 0;
  private done = false;

  constructor(private readonly pieces: AsyncIterator<Uint8Array>) {}

  async take(size: number): Promise<Buffer | null> {
    while (this.held < size && !this.done) {
      const next = await this.pieces.next();
      if (next.done) this.done = true;
      else {
        this.parts.push(Buffer.from(next.value));
        this.held += next.value.length;
      }
    }
    if (this.held < size) return null;
    // Joined once per take, not once per piece: a 1 MiB chunk arrives in many small pieces.
    const all = this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts);
    const rest = all.subarray(size);
    this.parts = rest.length ? [rest] : [];
    this.held = rest.length;
    return all.subarray(0, size);
  }

  async atEnd(): Promise<boolean> {
    return (await this.take(1)) === null;
  }
}

/**
 * The plain bytes of a sealed file read as a stream (from the disk or a bucket), chunk by chunk;
 * throws on any tampering or truncation.
 */
export async function* readSealedFile(stream: Readable, key: Buffer, context: string): AsyncGenerator<Buffer> {
  const reader = new ByteReader(stream[Symbol.asyncIterator]());
  try {
    for (let index = 0; ; index++) {
      const header = await reader.take(HEADER);
      if (!header) throw new Error('sealed file cut short');
      const last = header.readUInt8(0) === 1;
      const sealed = await reader.take(header.readUInt32BE(1));
      if (!sealed) throw new Error('sealed file cut short');
      yield open(key, chunkContext(context, index, last), sealed);
      if (last) {
        if (!(await reader.atEnd())) throw new Error('sealed file has bytes after its last chunk');
        return;
      }
    }
  } finally {
    stream.destroy();
  }
}
