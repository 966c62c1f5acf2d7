// A clinic copy asked for and waited on, shared by the copy's contents (exports.test.ts) and its
// background job (exports-job.test.ts, which the PostgreSQL pass runs alone).
import { sql } from 'kysely';
import { expect } from 'vitest';
import { DEMO, type TestApp } from './harness';

export interface ExportView {
  id: number;
  status: string;
  progress: number;
  download_url: string | null;
  error: string | null;
}

/** Polls the copy until it is done or failed (the job runs in the background). */
export async function waitDone(t: TestApp, token: string, id: number): Promise<ExportView> {
  for (let i = 0; i < 300; i++) {
    const res = await t.call('GET', `/exports/${id}`, { host: DEMO, token });
    const view = res.body.data as ExportView;
    if (view.status === 'done' || view.status === 'failed') return view;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`export ${id} did not finish`);
}

export async function requestCopy(t: TestApp, token: string, lang = 'ckb'): Promise<number> {
  const res = await t.call('POST', '/exports', { host: DEMO, token, lang });
  expect(res.status).toBe(202);
  return (res.body.data as { id: number }).id;
}

export const demoTenantId = async (t: TestApp): Promise<number> =>
  Number((await sql<{ id: number }>`select id from tenants where subdomain = 'demo'`.execute(t.db.kysely)).rows[0].id);
