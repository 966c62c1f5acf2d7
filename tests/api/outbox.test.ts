// Messages to patients (issue 18): written with the booking's change in the patient's language,
// sent once by a real SMTP server started here (smtp-server), tried again later when it refuses,
// never twice with two senders at once (on PostgreSQL each on its own connection pool), withdrawn
// when no longer true, sent by hand where no transport reaches the patient, and the patient's link
// shows the booking and nothing about anyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { sql } from 'kysely';
import { APPOINTMENT_STATUS, MESSAGE_KIND } from '../../src/shared/enums';
import { openDatabase } from '../../src/server/db/index';
import { MessageSender } from '../../src/server/messages/sender';
import { writeReminders } from '../../src/server/messages/outbox';
import { transportsFrom } from '../../src/server/messages/transports';
import { loadConfig } from '../../src/server/config';
import { dayOf, timeOfDay } from '../../src/server/days';
import { DEMO, type TestApp, startTestApp } from './harness';

interface Mail {
  to: string;
  text: string;
}
const received: Mail[] = [];
/** Refuse this many messages with a temporary error before taking them. */
let refuse = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, done) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      if (refuse > 0) {
        refuse--;
        return done(Object.assign(new Error('451 mailbox busy, try later'), { responseCode: 451 }));
      }
      received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text: decode(raw) });
      done();
    });
  },
});

/** The text part of a message as nodemailer writes it (quoted-printable or base64, UTF-8). */
function decode(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding: base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding: quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

let t: TestApp;
let secretary: string;
let smtpUrl: string;
const env = () => ({ SMTP_URL: smtpUrl, PUBLIC_URL: 'https://clinics.example' });

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;
  t = await startTestApp({ env: env() });
  secretary = await t.login(DEMO, 'secretary');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

type Message = { id: number; kind: number; channel: string; status: string; recipient: string; language: string; body: string; attempts: number; last_error: string | null; sent_by: number | null; next_attempt_at: string | null };

let day = 0;
/** A free weekday slot in the future, a different one each call. */
function slot(): { date: string; time: string } {
  day++;
  return { date: `2032-0${1 + Math.floor(day / 28)}-${String(1 + (day % 28)).padStart(2, '0')}`, time: '10:00' };
}

async function patient(body: Record<string, unknown>): Promise<number> {
  const made = await t.call('POST', '/patients', { host: DEMO, token: secretary, body: { gender: 0, ...body } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return (made.body.data as { id: number }).id;
}

async function book(patientId: number, at = slot()): Promise<number> {
  const made = await t.call('POST', '/appointments', { host: DEMO, token: secretary, body: { patient_id: patientId, ...at } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return (made.body.data as { id: number }).id;
}

async function messagesOf(appointmentId: number): Promise<Message[]> {
  const res = await t.call('GET', `/messages?filter[appointment_id]=${appointmentId}&sort=id`, { host: DEMO, token: secretary });
  expect(res.status).toBe(200);
  return res.body.data as Message[];
}

/** Runs the app's sender until nothing is due. */
const drain = () => t.app.messageSender.wake();

describe('a booking writes its confirmation, and it is sent once', () => {
  it('in the patient language, by e-mail, with a link that confirms', async () => {
    const p = await patient({ name: 'Layla Hassan', email: 'layla@patients.example', language: 'ar' });
    const id = await book(p);
    const [m] = await messagesOf(id);
    expect(m).toMatchObject({ kind: MESSAGE_KIND.confirmation, channel: 'email', recipient: 'layla@patients.example', language: 'ar' });
    expect(m.body).toContain('Layla Hassan');
    expect(m.body).toContain('تم حجز موعدك');
    // Sealed at rest: the table holds no readable text.
    const { rows: stored } = await sql<{ body: string }>`select body from messages where id = ${m.id}`.execute(t.db.kysely);
    expect(stored[0].body).not.toContain('Layla');

    await drain();
    const mails = received.filter((r) => r.to === 'layla@patients.example');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('تم حجز موعدك');
    expect((await messagesOf(id))[0].status).toBe('sent');
    await drain();
    expect(received.filter((r) => r.to === 'layla@patients.example')).toHaveLength(1);

    const link = /https:\/\/demo\.clinics\.example\/a\/([^\s?]+)\?lang=ar/.exec(mails[0].text);
    expect(link).not.toBeNull();
    const ref = link![1];
    const seen = await t.call('GET', `/public/appointments/${ref}`, { host: DEMO });
    expect(seen.status).toBe(200);
    expect(Object.keys(seen.body.data as object).sort()).toEqual(['clinic', 'confirmed', 'date', 'doctor', 'state', 'time']);
    expect(JSON.stringify(seen.body)).not.toContain('Layla');
    expect(seen.body.data).toMatchObject({ state: 'booked', confirmed: false });
    expect((await t.call('POST', `/public/appointments/${ref}/confirm`, { host: DEMO })).body.data).toMatchObject({ confirmed: true });
    const booking = (await t.call('GET', `/appointments/${id}`, { host: DEMO, token: secretary })).body.data as { confirmed_at: string | null };
    expect(booking.confirmed_at).not.toBeNull();
    // An altered link, or another booking's number under this mac, names nothing.
    expect((await t.call('GET', `/public/appointments/${ref.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`, { host: DEMO })).status).toBe(404);
    expect((await t.call('GET', `/public/appointments/${id + 1}${ref.slice(String(id).length)}`, { host: DEMO })).status).toBe(404);
  });

  it('is tried again later when the SMTP server refuses it, then sent', async () => {
    const p = await patient({ name: 'Soran Ali', email: 'soran@patients.example' });
    refuse = 1;
    const id = await book(p);
    await drain();
    let [m] = await messagesOf(id);
    expect(m).toMatchObject({ status: 'pending', attempts: 1 });
    expect(m.last_error).toContain('451');
    expect(new Date(m.next_attempt_at!).getTime()).toBeGreaterThan(Date.now() + 50_000);
    await drain();
    expect((await messagesOf(id))[0].status).toBe('pending');
    t.advance(61_000);
    await drain();
    [m] = await messagesOf(id);
    expect(m).toMatchObject({ status: 'sent', attempts: 2 });
    expect(received.filter((r) => r.to === 'soran@patients.example')).toHaveLength(1);
  });

  it('is sent once when two senders work the same outbox at once', async () => {
    await t.app.messageSender.stop();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await book(await patient({ name: `Twice Not ${i}`, email: `once${i}@patients.example` })));
    const config = { ...loadConfig(env()), dataDir: t.dataDir };
    const other = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl }) : t.db;
    const deps = { keyring: t.app.keyring, cipher: t.app.cipher, publicUrl: config.publicUrl, transports: transportsFrom(config) };
    const clock = () => new Date(Date.now() + 120_000);
    const a = new MessageSender(t.db, deps, clock);
    const b = new MessageSender(other, deps, clock);
    await Promise.all([a.wake(), b.wake(), a.wake(), b.wake()]);
    if (other !== t.db) await other.close();
    for (let i = 0; i < 12; i++) expect(received.filter((r) => r.to === `once${i}@patients.example`)).toHaveLength(1);
    for (const id of ids) expect((await messagesOf(id))[0].status).toBe('sent');
    await t.app.messageSender.start();
  });
});

describe('what a booking change tells the patient', () => {
  it('a new time after the confirmation: a change; a cancellation: a cancellation; nothing stale is sent', async () => {
    const p = await patient({ name: 'Rawa Kamal', email: 'rawa@patients.example', language: 'en' });
    const id = await book(p);
    await drain();
    await t.app.messageSender.stop();
    const moved = await t.call('PATCH', `/appointments/${id}`, { host: DEMO, token: secretary, body: { time: '11:30' } });
    expect(moved.status).toBe(200);
    let all = await messagesOf(id);
    expect(all.map((m) => [m.kind, m.status])).toEqual([
      [MESSAGE_KIND.confirmation, 'sent'],
      [MESSAGE_KIND.change, 'pending'],
    ]);
    expect(all[1].body).toContain('moved to');
    expect(all[1].body).toContain('11:30');
    // Moved again before the change went: the first change is withdrawn, the second tells the new time.
    await t.call('PATCH', `/appointments/${id}`, { host: DEMO, token: secretary, body: { time: '12:00' } });
    await t.app.messageSender.start();
    await drain();
    all = await messagesOf(id);
    expect(all.map((m) => m.status)).toEqual(['sent', 'cancelled', 'sent']);
    expect(received.filter((r) => r.to === 'rawa@patients.example').map((r) => r.text.includes('12:00'))).toEqual([false, true]);

    await t.call('PATCH', `/appointments/${id}`, { host: DEMO, token: secretary, body: { status: APPOINTMENT_STATUS.cancelled } });
    await drain();
    all = await messagesOf(id);
    expect(all.at(-1)).toMatchObject({ kind: MESSAGE_KIND.cancellation, status: 'sent' });
    expect(received.filter((r) => r.to === 'rawa@patients.example').at(-1)!.text).toContain('has been cancelled');
  });

  it('a booking cancelled before anything was sent withdraws its confirmation and tells nothing', async () => {
    await t.app.messageSender.stop();
    const p = await patient({ name: 'Hemin Aziz', email: 'hemin@patients.example' });
    const id = await book(p);
    await t.call('PATCH', `/appointments/${id}`, { host: DEMO, token: secretary, body: { status: APPOINTMENT_STATUS.cancelled } });
    expect((await messagesOf(id)).map((m) => m.status)).toEqual(['cancelled']);
    await t.app.messageSender.start();
    await drain();
    expect(received.filter((r) => r.to === 'hemin@patients.example')).toHaveLength(0);
  });

  it('a patient who asks for no messages gets none, also of those waiting', async () => {
    await t.app.messageSender.stop();
    const p = await patient({ name: 'Shno Latif', email: 'shno@patients.example' });
    const first = await book(p);
    expect((await t.call('PATCH', `/patients/${p}`, { host: DEMO, token: secretary, body: { reminders: false } })).status).toBe(200);
    expect((await messagesOf(first)).map((m) => m.status)).toEqual(['cancelled']);
    expect(await messagesOf(await book(p))).toEqual([]);
    await t.app.messageSender.start();
    await drain();
    expect(received.filter((r) => r.to === 'shno@patients.example')).toHaveLength(0);
  });
});

describe('by hand, where no transport reaches the patient', () => {
  it('waits for the secretary, who marks it sent once', async () => {
    const p = await patient({ name: 'Kazhal Omer', phone: '0750 123 4567', language: 'ckb' });
    const id = await book(p);
    await drain();
    const [m] = await messagesOf(id);
    expect(m).toMatchObject({ channel: 'manual', status: 'pending', recipient: '+9647501234567', language: 'ckb' });
    expect(m.body).toContain('Kazhal Omer');
    expect(m.body).toContain('نۆرەکەت');
    const sent = await t.call('POST', `/messages/${m.id}/sent`, { host: DEMO, token: secretary });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'sent' });
    expect((sent.body.data as Message).sent_by).not.toBeNull();
    expect((await t.call('POST', `/messages/${m.id}/sent`, { host: DEMO, token: secretary })).status).toBe(409);
    // A message still waiting when the patient is seen is withdrawn: nobody sends a stale one by hand.
    const other = await book(p);
    expect((await messagesOf(other)).map((x) => x.status)).toEqual(['pending']);
    const doctor = await t.login(DEMO, 'doctor');
    expect((await t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { patient_id: p, appointment_id: other } })).status).toBe(201);
    expect((await messagesOf(other)).map((x) => x.status)).toEqual(['cancelled']);
    // The nurse, who may not change bookings, may not mark messages either.
    const nurse = await t.login(DEMO, 'nurse');
    expect([403, 404]).toContain((await t.call('POST', `/messages/${m.id}/sent`, { host: DEMO, token: nurse })).status);
  });
});

describe('the clinic wording', () => {
  it('refuses a placeholder it does not fill, and uses its own text for the next message', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const bad = await t.call('POST', '/message-templates', { host: DEMO, token: doctor, body: { kind: MESSAGE_KIND.confirmation, language: 'en', body: 'Dear {{name}}, see you {{date}}' } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('body');
    const good = await t.call('POST', '/message-templates', { host: DEMO, token: doctor, body: { kind: MESSAGE_KIND.confirmation, language: 'en', body: 'Dear {{patient}}, Dr. Hawre sees you {{date}} at {{time}}. {{link}}' } });
    expect(good.status).toBe(201);
    const id = await book(await patient({ name: 'Own Words', email: 'own@patients.example', language: 'en' }));
    expect((await messagesOf(id))[0].body).toMatch(/^Dear Own Words, Dr\. Hawre sees you \S+ 2032-\d\d-\d\d at 10:00\. https:\/\/demo\.clinics\.example\/a\/\d+-/);
  });
});

describe('the day-before reminder', () => {
  it('is written once for tomorrow bookings made earlier, from 10:00 clinic time', async () => {
    // Move the clock to 10:30 clinic time (Asia/Baghdad, UTC+3) of a coming day.
    const now = new Date(Date.now() + 120_000);
    const hours = Number(timeOfDay(now).slice(0, 2));
    const ahead = ((34 - hours + 24) % 24 || 24) * 3600_000;
    const at = new Date(Date.now() + 120_000 + ahead);
    expect(timeOfDay(at) >= '10:00').toBe(true);
    const tomorrow = new Date(`${dayOf(at)}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const date = tomorrow.toISOString().slice(0, 10);
    const p = await patient({ name: 'Dilan Faraj', email: 'dilan@patients.example' });
    const id = await book(p, { date, time: '23:15' });
    // Booked two days ago.
    await sql`update appointments set created_at = ${new Date(at.getTime() - 48 * 3600_000)} where id = ${id}`.execute(t.db.kysely);
    await drain();
    await writeReminders(t.db.kysely, { keyring: t.app.keyring, cipher: t.app.cipher, publicUrl: 'https://clinics.example', transports: transportsFrom(loadConfig(env())) }, at);
    await drain();
    const reminders = (await messagesOf(id)).filter((m) => m.kind === MESSAGE_KIND.reminder);
    expect(reminders.map((m) => m.status)).toEqual(['sent']);
    expect(received.filter((r) => r.to === 'dilan@patients.example').map((r) => r.text.includes('سبەینێیە'))).toEqual([false, true]);
  });
});
