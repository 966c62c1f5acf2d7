// A server started without the master key its database's clinic keys are wrapped by refuses to
// start, naming the key expected and where one is looked for, and leaves no new key file behind
// (issue 39: it used to make a new master.key and answer 500 on every sealed record).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { DEMO, type TestApp, startTestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const start = (env: NodeJS.ProcessEnv, dataDir: string) => buildApp({ db: t.db, config: { ...loadConfig(env), clientDir: '/nonexistent', dataDir }, logger: false });

describe('the master key at start', () => {
  it('refuses a start that finds none, says which it wants and where, and leaves no key file', async () => {
    const expected = t.app.keyring.master.id;
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-nokey-'));
    await expect(start({}, elsewhere)).rejects.toThrow(new RegExp(`wrapped by master key ${expected}.*no master key was found.*MASTER_KEY.*${path.join(elsewhere, 'master.key').replace(/[/.]/g, '\\$&')}`));
    expect(fs.existsSync(path.join(elsewhere, 'master.key'))).toBe(false);
  });

  it('refuses another key given in MASTER_KEY, naming both', async () => {
    const other = randomBytes(32).toString('base64');
    await expect(start({ MASTER_KEY: other }, t.dataDir)).rejects.toThrow(/wrapped by master key \w+, but the master key from MASTER_KEY is \w+/);
  });

  it('starts with the right key given as MASTER_KEY, and the data reads as before', async () => {
    const key = fs.readFileSync(path.join(t.dataDir, 'master.key'), 'utf8').trim();
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-key-'));
    const app = await start({ MASTER_KEY: key }, elsewhere);
    await app.ready();
    const token = await t.login(DEMO, 'doctor');
    const res = await app.inject({ method: 'GET', url: '/api/v1/patients?per_page=1', headers: { host: DEMO, authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    await app.close();
  });
});
