// A file too large to seal in one piece (a clinic's copy) is sealed in chunks of 1 MiB, each
// AES-256-GCM under the clinic's key and bound to the file, its place in the file and whether it
// is the last: a chunk moved, dropped, or a file cut short does not open.
// Layout, per chunk: [1 byte: 1 if last][4 bytes: length, big-endian][iv | tag | ciphertext].
import fs from 'node:fs';
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

/** The plain bytes of a sealed file, chunk by chunk; throws on any tampering or truncation. */
export async function* readSealedFile(path: string, key: Buffer, context: string): AsyncGenerator<Buffer> {
  const file = await fs.promises.open(path, 'r');
  try {
    let position = 0;
    for (let index = 0; ; index++) {
      const header = Buffer.alloc(HEADER);
      const { bytesRead } = await file.read(header, 0, HEADER, position);
      if (bytesRead !== HEADER) throw new Error('sealed file cut short');
      const last = header.readUInt8(0) === 1;
      const length = header.readUInt32BE(1);
      const sealed = Buffer.alloc(length);
      const body = await file.read(sealed, 0, length, position + HEADER);
      if (body.bytesRead !== length) throw new Error('sealed file cut short');
      position += HEADER + length;
      yield open(key, chunkContext(context, index, last), sealed);
      if (last) {
        const { size } = await file.stat();
        if (size !== position) throw new Error('sealed file has bytes after its last chunk');
        return;
      }
    }
  } finally {
    await file.close();
  }
}
