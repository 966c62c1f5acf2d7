// The audit trail's hash chain, one per clinic (and one for the platform, key 0). Events are
// sealed after they commit, in the order the sealer sees them: seal n holds
// sha256(hash of seal n-1 + the event's content). Sealing after commit keeps requests from
// queueing behind one lock per clinic; a row altered, removed or slipped in afterwards no longer
// matches its seal, which /audit/verify reports.
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** Everything an event says, as one deterministic text (jsonb's output is canonical). */
// An offline entry's device time and device follow only where there is one, so the content of
// every event written before them (and sealed) reads as it did.
const CONTENT = sql`(jsonb_build_array(e.id, e.tenant_id, extract(epoch from e.at), e.actor_scope, e.user_id, e.actor_role, e.actor_name,
  e.on_behalf_of, e.action, e.resource, e.record_id, e.patient_id, e.patient_ids, e.fields, e.ip, e.user_agent)
  || case when e.entered_offline_at is null and e.device_id is null then '[]'::jsonb else jsonb_build_array(extract(epoch from e.entered_offline_at), e.device_id) end)::text`;

const BATCH = 5000;
// Ids are taken when an event is written and sealed once it commits, so a long transaction's
// event may come after higher ids were sealed: look back this far behind the newest seal.
const LOOKBACK = 100_000;

function link(previous: string, content: string): string {
  return createHash('sha256').update(previous).update('\n').update(content).digest('hex');
}

/**
 * Seals every committed event not sealed yet. Runs once at a time across processes (an advisory
 * lock); returns how many it sealed.
 */
export async function sealEvents(db: Kysely<Database>): Promise<number> {
  let total = 0;
  for (;;) {
    const sealed = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('audit_seal'))`.execute(trx);
      const { rows } = await sql<{ id: number; key: number; content: string }>`
        select e.id, coalesce(e.tenant_id, 0) as key, ${CONTENT} as content from audit_events e
        where e.id > (select coalesce(max(event_id), 0) - ${LOOKBACK} from audit_seals)
          and not exists (select 1 from audit_seals s where s.event_id = e.id)
        order by e.id limit ${BATCH}`.execute(trx);
      if (!rows.length) return 0;
      const keys = [...new Set(rows.map((r) => Number(r.key)))];
      const { rows: heads } = await sql<{ key: number; seq: number; hash: string }>`
        select distinct on (tenant_key) tenant_key as key, seq, hash from audit_seals
        where tenant_key in (${sql.join(keys)}) order by tenant_key, seq desc`.execute(trx);
      const head = new Map(heads.map((h) => [Number(h.key), { seq: Number(h.seq), hash: h.hash }]));
      const seals = rows.map((r) => {
        const key = Number(r.key);
        const prev = head.get(key) ?? { seq: 0, hash: '' };
        const next = { seq: prev.seq + 1, hash: link(prev.hash, r.content) };
        head.set(key, next);
        return sql`(${key}, ${next.seq}, ${r.id}, ${next.hash})`;
      });
      await sql`insert into audit_seals (tenant_key, seq, event_id, hash) values ${sql.join(seals)}`.execute(trx);
      return rows.length;
    });
    total += sealed;
    if (sealed < BATCH) return total;
  }
}

export interface ChainCheck {
  ok: boolean;
  /** Events checked. */
  count: number;
  /** The first event that does not match its seal (altered, missing, or never sealed). */
  broken?: { id: number; seq: number | null; reason: 'altered' | 'missing' | 'unsealed' };
}

/** Seals what is pending, then walks one clinic's chain (null: the platform's) from its start. */
export async function verifyChain(db: Kysely<Database>, tenantId: number | null): Promise<ChainCheck> {
  await sealEvents(db);
  const key = tenantId ?? 0;
  const { rows } = await sql<{ seq: number; hash: string; event_id: number; content: string | null }>`
    select s.seq, s.hash, s.event_id, ${CONTENT} as content from audit_seals s
    left join audit_events e on e.id = s.event_id where s.tenant_key = ${key} order by s.seq`.execute(db);
  let previous = '';
  let expectedSeq = 1;
  for (const row of rows) {
    const seq = Number(row.seq);
    // A seal missing from the middle: the event it sealed went with it.
    if (seq !== expectedSeq) return { ok: false, count: expectedSeq - 1, broken: { id: Number(row.event_id), seq, reason: 'missing' } };
    if (row.content === null) return { ok: false, count: seq - 1, broken: { id: Number(row.event_id), seq, reason: 'missing' } };
    if (link(previous, row.content) !== row.hash) return { ok: false, count: seq - 1, broken: { id: Number(row.event_id), seq, reason: 'altered' } };
    previous = row.hash;
    expectedSeq += 1;
  }
  // An event of this chain that the sealer could not seal (it moved to another clinic, say).
  const tenantMatch = tenantId === null ? sql`e.tenant_id is null` : sql`e.tenant_id = ${tenantId}`;
  const { rows: loose } = await sql<{ id: number }>`select e.id from audit_events e where ${tenantMatch}
    and not exists (select 1 from audit_seals s where s.event_id = e.id and s.tenant_key = ${key}) order by e.id limit 1`.execute(db);
  if (loose[0]) return { ok: false, count: rows.length, broken: { id: Number(loose[0].id), seq: null, reason: 'unsealed' } };
  return { ok: true, count: rows.length };
}
