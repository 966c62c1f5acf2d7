// What the scheduler runs (jobs/scheduler.ts), and how often. Each job is safe to run again after
// a crash halfway: it only touches rows still in the state it looks for.
import type { Kysely } from 'kysely';
import { sealLegacyData } from '../crypto/legacy';
import type { FieldCipher } from '../crypto/fields';
import type { Database } from '../db/schema';
import { purgeReleasedFiles } from '../engine/released-files';
import type { FileStore } from '../files/store';
import { purgeIdempotencyKeys } from '../http/idempotency';
import { type OutboxDeps, writeReminders } from '../messages/outbox';
import { runSubscriptionJob } from '../../../resources/platform/subscriptions';
import { pruneChanges } from '../offline/changes';
import type { ScheduledJob } from './scheduler';

export interface PlatformJobDeps {
  db: Kysely<Database>;
  files: FileStore;
  cipher: FieldCipher;
  outbox: OutboxDeps;
  jobIntervalMinutes: number;
}

export function scheduledJobs(deps: PlatformJobDeps): ScheduledJob[] {
  const { db } = deps;
  const every = deps.jobIntervalMinutes * 60;
  return [
    // Clinics with an invoice unpaid past its day are suspended; endings within two weeks warned of.
    { name: 'subscriptions', everySeconds: every, run: (now) => runSubscriptionJob(db, now) },
    // Tomorrow's reminders, written from 10:00 clinic time (the sender sends them).
    { name: 'reminders', everySeconds: 5 * 60, run: (now) => writeReminders(db, deps.outbox, now) },
    // Files clinics no longer use leave the store after the change that dropped them.
    { name: 'released-files', everySeconds: every, run: () => purgeReleasedFiles(db, deps.files) },
    { name: 'idempotency-keys', everySeconds: every, run: () => purgeIdempotencyKeys(db) },
    // The devices' change feed keeps a month (offline/changes.ts).
    { name: 'sync-changes', everySeconds: every, run: (now) => pruneChanges(db, now) },
    // Values and files stored before encryption (or by the demo seed) are sealed.
    { name: 'legacy-sealing', everySeconds: every, run: () => sealLegacyData(db, deps.cipher, deps.files) },
  ];
}
