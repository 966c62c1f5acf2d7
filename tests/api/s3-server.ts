// A real S3-compatible server for a test (s3rver, objects on a temporary folder), and what a test
// needs of it: the environment that points the app at it, and the objects it holds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface TestS3 {
  /** S3_* variables for the app (as `npm start` reads them). */
  env: NodeJS.ProcessEnv;
  /** Every object in the bucket, by key. */
  objects(): Promise<Map<string, Buffer>>;
  close(): Promise<void>;
}

export async function startS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-s3-'));
  const bucket = 'clinic-files';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's own credentials; it checks every request's signature with them.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  return {
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey },
    async objects() {
      const found = new Map<string, Buffer>();
      const list = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      for (const { Key } of list.Contents ?? []) {
        const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        found.set(Key!, Buffer.from(await Body!.transformToByteArray()));
      }
      return found;
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
