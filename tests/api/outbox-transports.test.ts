// The HTTP transports of messages to patients (issue 18), against a real HTTP server started here
// in the place of WhatsApp Business's Cloud API and of an SMS gateway: what each is sent (the
// bearer token, the number, the text in the patient's language), the provider's id kept, a refusal
// tried again later, and WhatsApp chosen before SMS before e-mail when several are configured.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO, type TestApp, startTestApp } from './harness';

interface Hit {
  path: string;
  auth: string | undefined;
  body: Record<string, unknown>;
}
const hits: Hit[] = [];
/** Answer this many requests with 503 before taking them. */
let refuse = 0;
const gateway = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
  req.on('end', () => {
    if (refuse > 0) {
      refuse--;
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"temporarily unavailable"}}');
      return;
    }
    hits.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw) as Record<string, unknown> });
    const answer = req.url?.includes('/whatsapp/') ? { messaging_product: 'whatsapp', messages: [{ id: `wamid.${hits.length}` }] } : { id: `sms-${hits.length}` };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
});

let both: TestApp;
let smsOnly: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(gateway.address() as { port: number }).port}`;
  const sms = { SMS_URL: `${base}/sms/send`, SMS_TOKEN: 'sms-secret' };
  both = await startTestApp({ env: { WHATSAPP_URL: `${base}/whatsapp/v21.0/1234/messages`, WHATSAPP_TOKEN: 'wa-secret', ...sms, SMTP_URL: 'smtp://127.0.0.1:1' } });
  smsOnly = await startTestApp({ env: sms });
}, 120_000);
afterAll(async () => {
  await both?.close();
  await smsOnly?.close();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

async function bookFor(t: TestApp, phone: string, language: string, date: string): Promise<number> {
  const token = await t.login(DEMO, 'secretary');
  const patient = await t.call('POST', '/patients', { host: DEMO, token, body: { name: `Gateway ${phone}`, gender: 1, phone, email: 'also@patients.example', language } });
  expect(patient.status).toBe(201);
  const booked = await t.call('POST', '/appointments', { host: DEMO, token, body: { patient_id: (patient.body.data as { id: number }).id, date, time: '09:00' } });
  expect(booked.status).toBe(201);
  return (booked.body.data as { id: number }).id;
}

async function stored(t: TestApp, appointmentId: number) {
  const { rows } = await sql<{ channel: string; status: string; attempts: number; provider_id: string | null; last_error: string | null }>`
    select channel, status, attempts, provider_id, last_error from messages where appointment_id = ${appointmentId}`.execute(t.db.kysely);
  return rows;
}

describe('WhatsApp Business', () => {
  it('is chosen before SMS and e-mail, sent with its token and the Cloud API body, and tried again after a refusal', async () => {
    refuse = 1;
    const id = await bookFor(both, '07701234567', 'ar', '2033-02-01');
    await both.app.messageSender.wake();
    let [m] = await stored(both, id);
    expect(m).toMatchObject({ channel: 'whatsapp', status: 'pending', attempts: 1 });
    expect(m.last_error).toContain('503');
    both.advance(61_000);
    await both.app.messageSender.wake();
    [m] = await stored(both, id);
    expect(m).toMatchObject({ channel: 'whatsapp', status: 'sent', attempts: 2 });
    const hit = hits.filter((h) => h.path.includes('/whatsapp/')).at(-1)!;
    expect(m.provider_id).toBe(`wamid.${hits.length}`);
    expect(hit.auth).toBe('Bearer wa-secret');
    expect(hit.body).toMatchObject({ messaging_product: 'whatsapp', to: '9647701234567', type: 'text' });
    expect((hit.body.text as { body: string }).body).toContain('تم حجز موعدك');
  });
});

describe('an SMS gateway', () => {
  it('takes the number in E.164 and the text, and its id is kept', async () => {
    const id = await bookFor(smsOnly, '0750 999 8877', 'en', '2033-02-02');
    await smsOnly.app.messageSender.wake();
    const [m] = await stored(smsOnly, id);
    expect(m).toMatchObject({ channel: 'sms', status: 'sent', attempts: 1 });
    const hit = hits.filter((h) => h.path === '/sms/send').at(-1)!;
    expect(hit.auth).toBe('Bearer sms-secret');
    expect(hit.body.to).toBe('+9647509998877');
    expect(String(hit.body.text)).toContain('your appointment at');
    expect(m.provider_id).toMatch(/^sms-\d+$/);
  });
});
