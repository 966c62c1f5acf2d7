// Sends what the outbox holds for a transport. Every server process runs one; a message is claimed
// in one statement (FOR UPDATE SKIP LOCKED: two processes never claim the same one) and marked sent
// only if the claim is still this sender's. A failure is tried again later, waiting longer each
// time, up to MAX_ATTEMPTS; then the message is failed and the screen offers to send it again. A
// claim not finished within STALE_MS (the process stopped mid-send) is taken over: the one case
// where a patient could receive a message twice, if the transport had taken it just before.
// Senders wake on the database's notice of a new message (any process) and sweep every SWEEP_MS
// for retries that are due (the day-before reminders are written by the scheduler's job).
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { messages as MESSAGES } from '../../../resources/messages';
import { APPOINTMENT_STATUS, MESSAGE_KIND } from '../../shared/enums';
import type { Db } from '../db/index';
import { WokenWorker } from '../jobs/woken-worker';
import type { Database } from '../db/schema';
import type { Lang } from '../i18n';
import { MESSAGE_QUEUED, type OutboxDeps } from './outbox';
import { subjectOf } from './templates';
import type { Channel } from './transports';

export const MAX_ATTEMPTS = 5;
const STALE_MS = 5 * 60_000;
const SWEEP_MS = 60_000;

/** Minutes before the next try after `attempts` failed ones: 1, 2, 4, 8... at most an hour. */
export function backoffMinutes(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1));
}

interface Claimed {
  tenant_id: number;
  id: number;
  appointment_id: number | null;
  kind: number;
  channel: Channel;
  recipient: string;
  language: Lang;
  body: string;
  attempts: number;
  reminders: boolean;
  appointment_status: number | null;
  clinic: string;
}

export class MessageSender extends WokenWorker {
  readonly id = randomUUID();

  constructor(
    db: Db,
    private readonly deps: OutboxDeps,
    private readonly clock: () => Date,
    private readonly onError: (err: unknown, where: string) => void = () => {},
  ) {
    super(db, MESSAGE_QUEUED, SWEEP_MS);
  }

  /** Sends until nothing is due (the reminders are written by the scheduler: jobs/scheduler.ts). */
  protected async round(): Promise<void> {
    while (await this.sendNext().catch((err: unknown) => (this.onError(err, 'sending a message'), false)));
  }

  /** Claims and sends one message; false when none is due. */
  async sendNext(): Promise<boolean> {
    const message = await this.claim();
    if (!message) return false;
    const db = this.db.kysely;
    const now = this.clock();
    // Withdrawn since it was written: the patient asked for no messages, or the booking is over.
    const bookingGone = message.appointment_id !== null && message.kind !== MESSAGE_KIND.cancellation && message.appointment_status !== APPOINTMENT_STATUS.active && message.appointment_status !== APPOINTMENT_STATUS.late;
    if (!message.reminders || bookingGone) {
      await this.finish(db, message, sql`status = 'cancelled'`);
      return true;
    }
    const transport = this.deps.transports[message.channel as Exclude<Channel, 'manual'>];
    try {
      if (!transport) throw new Error(`no ${message.channel} transport is configured`);
      const [opened] = this.deps.cipher ? await this.deps.cipher.openRows(db, MESSAGES, message.tenant_id, [{ body: message.body }]) : [{ body: message.body }];
      const providerId = await transport.send({ to: message.recipient, text: String(opened.body), subject: subjectOf(message.language, message.kind, message.clinic), clinic: message.clinic });
      await this.finish(db, message, sql`status = 'sent', sent_at = ${now}, provider_id = ${providerId}, last_error = null`);
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 300);
      const failed = message.attempts >= MAX_ATTEMPTS;
      const retryAt = new Date(now.getTime() + backoffMinutes(message.attempts) * 60_000);
      await this.finish(db, message, failed ? sql`status = 'failed', last_error = ${reason}, next_attempt_at = null` : sql`status = 'pending', last_error = ${reason}, next_attempt_at = ${retryAt}`);
    }
    return true;
  }

  private async claim(): Promise<Claimed | null> {
    const now = this.clock();
    const { rows } = await sql<Claimed>`
      with claimed as (
        update messages set status = 'sending', worker = ${this.id}, claimed_at = ${now}, attempts = attempts + 1, updated_at = ${now}
        where (tenant_id, id) = (
          select tenant_id, id from messages
          where channel <> 'manual' and status in ('pending', 'sending')
            and ((status = 'pending' and next_attempt_at <= ${now}) or (status = 'sending' and claimed_at < ${new Date(now.getTime() - STALE_MS)}))
          order by next_attempt_at, id limit 1 for update skip locked)
        returning tenant_id, id, appointment_id, kind, channel, recipient, language, body, attempts, patient_id)
      select c.tenant_id, c.id, c.appointment_id, c.kind, c.channel, c.recipient, c.language, c.body, c.attempts,
             p.reminders, a.status as appointment_status, t.name as clinic
      from claimed c
      join patients p on p.tenant_id = c.tenant_id and p.id = c.patient_id
      join tenants t on t.id = c.tenant_id
      left join appointments a on a.tenant_id = c.tenant_id and a.id = c.appointment_id`.execute(this.db.kysely);
    const row = rows[0];
    return row ? { ...row, tenant_id: Number(row.tenant_id), id: Number(row.id), attempts: Number(row.attempts), appointment_status: row.appointment_status === null ? null : Number(row.appointment_status) } : null;
  }

  /** Ends this sender's claim with `set`; nothing if another sender took the message over meanwhile. */
  private async finish(db: Kysely<Database>, message: Claimed, set: ReturnType<typeof sql>): Promise<void> {
    await sql`update messages set ${set}, worker = null, updated_at = ${this.clock()}
      where tenant_id = ${message.tenant_id} and id = ${message.id} and worker = ${this.id} and status = 'sending'`.execute(db);
  }
}
