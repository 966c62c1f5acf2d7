// Where the bytes of files live (issue 21): uploads and clinic copies under one interface, so a
// server process holds nothing another one lacks. The local folder (DATA_DIR) by default; an
// S3-compatible bucket when S3_BUCKET is set (s3-store.ts). What is stored is already sealed by the
// caller (a clinic's key): the store never sees plain clinical bytes.
// Keys are relative paths such as `uploads/2026/<hex>` or `exports/<clinic>/<job>-<hex>.zip`.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';

export interface FileStore {
  /** 'local' or 's3': which store this is (tests/api/file-store.test.ts holds both to the same promises). */
  readonly kind: 'local' | 's3';
  /** Stores a new object under a key never used before (keys are random). */
  create(key: string, bytes: Buffer): Promise<void>;
  /** Stores an object made elsewhere (a copy written chunk by chunk to `file`), then removes `file`. */
  createFrom(key: string, file: string): Promise<void>;
  /** Replaces an object whole (a crash leaves the old or the new one, never half of either). */
  replace(key: string, bytes: Buffer): Promise<void>;
  /** The whole object, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** The object as a stream (a copy of a few hundred megabytes is never held in memory). */
  stream(key: string): Promise<Readable>;
  /** Removes an object; one already gone is no error. */
  remove(key: string): Promise<void>;
  /** A folder on this machine for work files (a copy being written), never shared. */
  readonly scratchDir: string;
}

/** A key is plain relative segments: nothing climbs out of its place, in a folder or a bucket. */
export function checkedKey(key: string): string {
  if (key.split('/').some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))) throw new Error(`not a storage key: ${key}`);
  return key;
}

const inside = (root: string, key: string): string => path.join(root, checkedKey(key));

/** Files under the data folder, where they always were (`DATA_DIR/uploads`, `DATA_DIR/exports`). */
export class LocalStore implements FileStore {
  readonly kind = 'local';
  readonly scratchDir: string;
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir);
    this.scratchDir = path.join(this.root, 'tmp');
  }

  async create(key: string, bytes: Buffer): Promise<void> {
    const file = inside(this.root, key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, bytes, { flag: 'wx' });
  }

  async createFrom(key: string, source: string): Promise<void> {
    const file = inside(this.root, key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // The scratch folder is on the same disk: a rename, not a copy.
    await fs.promises.rename(source, file);
  }

  async replace(key: string, bytes: Buffer): Promise<void> {
    const file = inside(this.root, key);
    // Written beside it and renamed over it: a crash leaves either file whole.
    await fs.promises.writeFile(`${file}.replacing`, bytes);
    await fs.promises.rename(`${file}.replacing`, file);
  }

  async read(key: string): Promise<Buffer | null> {
    return fs.promises.readFile(inside(this.root, key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
  }

  async stream(key: string): Promise<Readable> {
    const file = inside(this.root, key);
    // Opened before answering, so a missing file is an error here, not halfway through a reply.
    const handle = await fs.promises.open(file, 'r');
    return handle.createReadStream();
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(inside(this.root, key), { force: true });
  }
}

/** The store the configuration names: S3 when a bucket is given, else the data folder. */
export async function openFileStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileStore> {
  if (!config.s3) return new LocalStore(config.dataDir);
  // Loaded only when used: the SDK is large, and most installations keep files on their disk.
  const { S3Store } = await import('./s3-store');
  return new S3Store(config.s3, path.join(path.resolve(config.dataDir), 'tmp'));
}

export const uploadKey = (storageKey: string) => `uploads/${storageKey}`;
export const exportKey = (storageKey: string) => `exports/${storageKey}`;
