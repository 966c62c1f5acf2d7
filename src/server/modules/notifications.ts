// Notifications for staff of both applications: stored per recipient, rendered in the reader's
// language from `notifications.<kind>` messages. Lists, one notification, marking one read and
// dismissing it are the declared resources' generated routes (resources/notifications/), whose
// row filter keeps each caller to their own; the bell's two calls below answer the seed's shapes
// and read through the same declarations and rule.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Kysely, type Transaction, sql } from 'kysely';
import { clinicNotifications, notifications } from '../../../resources/notifications';
import type { ResourceDef } from '../../shared/resource';
import type { Database } from '../db/schema';
import type { ResourceHooks, Row } from '../engine/hooks';
import { parseListQuery } from '../engine/query';
import { translate } from '../i18n';
import { isolateAuto } from '../../shared/bidi';
import { localDateTime } from '../days';
import { NO_BODY } from '../http/route-rules';
import { anyObject, arr, int, obj, str } from '../http/answers';

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

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The message of every notification answered, in the reader's language (the seed's order of keys first). */
export const notificationHooks: ResourceHooks = {
  present: (row, { lang }) => {
    const data = (row.data ?? {}) as Record<string, string | number>;
    // In Kurdish and Arabic each value (a date, a subdomain, a name) is isolated in its own
    // direction, so `2025-01-02` or `dr-ahmad` keeps its order inside the right-to-left sentence.
    // An instant (a support grant's end) reads as the clinics' local date and time, not ISO in UTC.
    const local = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === 'string' && INSTANT.test(v) ? localDateTime(new Date(v)) : v]));
    const values = lang === 'en' ? local : Object.fromEntries(Object.entries(local).map(([k, v]) => [k, k === 'kind' ? v : isolateAuto(String(v))]));
    const said = translate(lang, `notifications.${String(row.kind)}`, { ...values, context: String(data.kind ?? '') });
    // A rejection's reason reaches the requester with the notice.
    const message = data.reason ? translate(lang, 'notifications.withReason', { message: said, reason: String(values.reason) }) : said;
    const { id, kind, is_read, created_at, ...rest } = row;
    return { id, kind, data: row.data, message, is_read, created_at, ...rest } as Row;
  },
};

/** The declaration serving this host's caller. */
function declared(request: FastifyRequest): ResourceDef {
  return request.hostKind.kind === 'tenant' ? clinicNotifications : notifications;
}

const LATEST = 50;

export function registerNotificationRoutes(app: FastifyInstance): void {
  // Confirms a kept session in its transactions (request.data), like the generated routes.
  const config = { confirmsInTransaction: true } as const;

  app.get('/dashboard/notifications', { config, schema: { tags: ['notifications'], summary: 'The latest notifications of the logged-in user, and the unread count', response: { 200: obj({ notifications: arr(anyObject), unread: int }) } } }, async (request) => {
    const def = declared(request);
    // Both in one transaction: one BEGIN and one COMMIT fewer (every screen asks this at its start).
    return request.data.transaction(async (_trx, data) => {
      const latest = await data.list(def, parseListQuery(def, { per_page: String(LATEST) }));
      const unread = await data.list(def, parseListQuery(def, { per_page: '1', 'filter[is_read]': '0' }));
      return { notifications: latest.data, unread: unread.meta.total };
    });
  });

  app.put('/dashboard/notifications/markAllAsRead', { config, schema: { tags: ['notifications'], summary: "Mark all the user's notifications as read", body: NO_BODY, response: { 200: obj({ message: str, unread: int }) } } }, async (request) => {
    const def = declared(request);
    // The update rule's WHERE (this host's rows, the caller's own): no other row can be touched.
    const mine = request.data.rowsWhere(def, 'update');
    await request.data.transaction((trx) => sql`update notifications set is_read = 1, updated_at = ${request.data.now()} where ${mine} and is_read = 0`.execute(trx));
    return { message: translate(request.lang, 'messages.allRead'), unread: 0 };
  });
}
