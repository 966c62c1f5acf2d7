// The event streams' beat (src/server/live/beats.ts): one statement for all open streams, and each
// stream beats while its session stands and ends once it expired or was ended.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/server/auth/passwords';
import { Beats } from '../../src/server/live/beats';
import { DEMO, PASSWORD, type TestApp, startTestApp } from './harness';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The session a fresh login made (not the harness's kept one), by its token's hash. */
async function session(): Promise<string> {
  const res = await t.call('POST', '/auth/tenant/login', { host: DEMO, body: { username: 'doctor', password: PASSWORD } });
  expect(res.status).toBe(200);
  return sha256(res.body.token as string);
}

const CASES: { name: string; make: () => Promise<string>; heard: 'beat' | 'end' }[] = [
  { name: 'a standing session beats', make: session, heard: 'beat' },
  {
    name: 'an expired session ends',
    make: async () => {
      const hash = await session();
      await sql`update sessions set expires_at = now() - interval '1 minute' where token_hash = ${hash}`.execute(t.db.kysely);
      return hash;
    },
    heard: 'end',
  },
  {
    name: 'an ended session ends',
    make: async () => {
      const hash = await session();
      await sql`delete from sessions where token_hash = ${hash}`.execute(t.db.kysely);
      return hash;
    },
    heard: 'end',
  },
  { name: 'a token never issued ends', make: async () => sha256('never issued'), heard: 'end' },
];

describe('the live streams beat', () => {
  it('in one round: each stream as its session stands, and a closed stream hears nothing', async () => {
    const beats = new Beats(t.db.kysely, 60_000);
    const heard = new Map<string, string[]>();
    const hear = (name: string, what: string) => heard.set(name, [...(heard.get(name) ?? []), what]);
    for (const c of CASES) {
      const tokenHash = await c.make();
      beats.add({ tokenHash, beat: () => hear(c.name, 'beat'), end: () => hear(c.name, 'end') });
    }
    // Two streams of one session (two tabs) both beat; a stream closed before the round hears nothing.
    const shared = await session();
    for (const tab of ['tab 1', 'tab 2']) beats.add({ tokenHash: shared, beat: () => hear(tab, 'beat'), end: () => hear(tab, 'end') });
    const remove = beats.add({ tokenHash: shared, beat: () => hear('closed', 'beat'), end: () => hear('closed', 'end') });
    remove();
    await beats.round();
    for (const c of CASES) expect(heard.get(c.name), c.name).toEqual([c.heard]);
    expect(heard.get('tab 1')).toEqual(['beat']);
    expect(heard.get('tab 2')).toEqual(['beat']);
    expect(heard.get('closed')).toBeUndefined();
  });
});
