// Notifications for staff of both applications: stored per recipient, rendered in the reader's
// language from `notifications.<kind>` messages, read through the dashboard calls.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../db/schema';
import { type Lang, translate } from '../i18n';

type Db = Kysely<Database> | Transaction<Database>;

export interface Recipients {
  scope: 'central' | 'tenant';
  tenantId: number | null;
  /** Explicit users, or every active user holding one of these roles. */
  userIds?: number[];
  roles?: number[];
}

export async function notify(db: Db, to: Recipients, kind: string, data: Record<string, string | number>): Promise<void> {
  let ids = to.userIds ?? [];
  if (to.roles?.length) {
    const { rows } =
      to.scope === 'central'
        ? await sql<{ id: number }>`select id from users where is_active and role in (${sql.join(to.roles)})`.execute(db)
        : await sql<{ id: number }>`select id from tenant_users where tenant_id = ${to.tenantId} and is_active and role in (${sql.join(to.roles)})`.execute(db);
    ids = [...new Set([...ids, ...rows.map((r) => r.id)])];
  }
  if (!ids.length) return;
  await sql`insert into notifications (scope, tenant_id, user_id, kind, data) values ${sql.join(
    ids.map((id) => sql`(${to.scope}, ${to.tenantId}, ${id}, ${kind}, ${JSON.stringify(data)})`),
  )}`.execute(db);
}

interface NotificationRow {
  id: number;
  kind: string;
  data: Record<string, string | number>;
  is_read: number;
  created_at: Date;
}

function render(row: NotificationRow, lang: Lang) {
  return { id: row.id, kind: row.kind, data: row.data, message: translate(lang, `notifications.${row.kind}`, { ...row.data, context: String(row.data.kind ?? '') }), is_read: row.is_read, created_at: row.created_at };
}

export function registerNotificationRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const mine = (scope: string, tenantId: number | null, userId: number) =>
    sql`scope = ${scope} and tenant_id is not distinct from ${tenantId} and user_id = ${userId}`;

  const who = (request: FastifyRequest) => {
    const session = request.session!;
    return mine(session.scope, session.tenantId, session.user.id);
  };

  app.get('/dashboard/notifications', { schema: { tags: ['notifications'], summary: 'The latest notifications of the logged-in user, and the unread count' } }, async (request) => {
    const where = who(request);
    const [list, unread] = await Promise.all([
      sql<NotificationRow>`select id, kind, data, is_read, created_at from notifications where ${where} order by created_at desc, id desc limit 50`.execute(db),
      sql<{ n: number }>`select count(*)::int as n from notifications where ${where} and is_read = 0`.execute(db),
    ]);
    return { notifications: list.rows.map((r) => render(r, request.lang)), unread: unread.rows[0].n };
  });

  app.get('/notifications', { schema: { tags: ['notifications'], summary: 'Notifications page by page; filter[is_read]=0 for the unread tab' } }, async (request) => {
    const q = request.query as Record<string, string | undefined>;
    const page = Math.max(1, Number.parseInt(q.page ?? '1', 10) || 1);
    const perPage = Math.min(100, Math.max(1, Number.parseInt(q.per_page ?? '25', 10) || 25));
    const isRead = q['filter[is_read]'];
    const where = isRead === '0' || isRead === '1' ? sql`${who(request)} and is_read = ${Number(isRead)}` : who(request);
    const [list, total] = await Promise.all([
      sql<NotificationRow>`select id, kind, data, is_read, created_at from notifications where ${where} order by created_at desc, id desc limit ${perPage} offset ${(page - 1) * perPage}`.execute(db),
      sql<{ n: number }>`select count(*)::int as n from notifications where ${where}`.execute(db),
    ]);
    const n = total.rows[0].n;
    return { data: list.rows.map((r) => render(r, request.lang)), meta: { current_page: page, per_page: perPage, total: n, last_page: Math.max(1, Math.ceil(n / perPage)) } };
  });

  app.put('/dashboard/notifications/markAllAsRead', { schema: { tags: ['notifications'], summary: "Mark all the user's notifications as read" } }, async (request) => {
    await sql`update notifications set is_read = 1 where ${who(request)} and is_read = 0`.execute(db);
    return { message: translate(request.lang, 'messages.allRead'), unread: 0 };
  });
}
