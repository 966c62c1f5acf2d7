// Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage...): every server process reads
// what any other stored. Objects are sealed before they get here (store.ts).
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import { type FileStore, checkedKey } from './store';

export class S3Store implements FileStore {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    readonly scratchDir: string,
  ) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: most S3-compatible servers refuse the SDK's
      // default streamed ("aws-chunked") checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private keyOf(key: string): string {
    return `${this.settings.prefix}${checkedKey(key)}`;
  }

  async create(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key), Body: bytes, ContentLength: bytes.length }));
  }

  async createFrom(key: string, file: string): Promise<void> {
    const { size } = await fs.promises.stat(file);
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key), Body: fs.createReadStream(file), ContentLength: size }));
    await fs.promises.rm(file, { force: true });
  }

  async replace(key: string, bytes: Buffer): Promise<void> {
    // One PUT replaces an object atomically: a reader sees the old or the new one.
    await this.create(key, bytes);
  }

  async read(key: string): Promise<Buffer | null> {
    const body = await this.get(key);
    if (!body) return null;
    const parts: Buffer[] = [];
    for await (const part of body) parts.push(Buffer.from(part as Uint8Array));
    return Buffer.concat(parts);
  }

  async stream(key: string): Promise<Readable> {
    const body = await this.get(key);
    if (!body) throw Object.assign(new Error(`no stored object ${key}`), { code: 'ENOENT' });
    return body;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
  }

  private async get(key: string): Promise<Readable | null> {
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
      // In Node the body is the response's readable stream.
      return (Body as Readable | undefined) ?? null;
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }
}
