// The clinic's choices for online booking (issue 18), kept on the clinic (migration 051): whether
// patients may ask for appointments on its site, which doctors and services they may choose, the
// notice it needs and how far ahead it books, and whether a request waits for the desk's approval
// or is confirmed at once. Read by whoever may read appointments; changed by the Main Doctor.
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { TENANT_ROLE } from '../../shared/roles';
import type { Database } from '../db/schema';
import { dataAnswer } from '../http/answers';
import { invalidField } from '../http/errors';
import { resourceByName } from '../../../resources';
import { BOOKING_DEFAULTS, type OnlineBooking } from '../../shared/onlineBooking';

export type { OnlineBooking };

const body = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled', 'auto_confirm', 'doctor_ids', 'service_ids', 'min_notice_hours', 'max_days_ahead'],
  properties: {
    enabled: { type: 'boolean' },
    auto_confirm: { type: 'boolean' },
    doctor_ids: { type: 'array', maxItems: 50, uniqueItems: true, items: { type: 'integer', minimum: 1 } },
    service_ids: { type: 'array', maxItems: 100, uniqueItems: true, items: { type: 'integer', minimum: 1 } },
    min_notice_hours: { type: 'integer', minimum: 0, maximum: 168 },
    max_days_ahead: { type: 'integer', minimum: 1, maximum: 90 },
  },
};

type Db = Kysely<Database>;

export async function bookingSettings(db: Db, tenantId: number): Promise<OnlineBooking> {
  const { rows } = await sql<{ online_booking: Partial<OnlineBooking> | null }>`select online_booking from tenants where id = ${tenantId}`.execute(db);
  return { ...BOOKING_DEFAULTS, ...(rows[0]?.online_booking ?? {}) };
}

const APPOINTMENTS = resourceByName('appointments');

export function registerBookingSettingsRoutes(app: FastifyInstance): void {
  const config = { scope: 'tenant' } as const;
  const tags = ['online booking'];

  app.get('/settings/online-booking', { config: { ...config, access: { resource: APPOINTMENTS, action: 'read' } }, schema: { tags, summary: "The clinic's online booking choices", response: { 200: dataAnswer(body) } } }, async (request) => {
    return { data: await request.data.transaction((trx) => bookingSettings(trx, request.tenant!.id)) };
  });

  app.put('/settings/online-booking', { config: { ...config, access: { clinicRoles: [TENANT_ROLE.mainDoctor] } }, schema: { tags, summary: "Change the clinic's online booking choices (Main Doctor)", body, response: { 200: dataAnswer(body) } } }, async (request) => {
    const settings = request.body as OnlineBooking;
    const tenantId = request.tenant!.id;
    await request.data.transaction(async (trx) => {
      // Only the clinic's active doctors and its active services can be offered.
      if (settings.doctor_ids.length) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from tenant_users where tenant_id = ${tenantId} and is_active
          and role in (${TENANT_ROLE.mainDoctor}, ${TENANT_ROLE.doctor}) and id in (${sql.join(settings.doctor_ids)})`.execute(trx);
        if (rows[0].n !== settings.doctor_ids.length) throw invalidField('doctor_ids', 'validation.relation');
      }
      if (settings.service_ids.length) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from prices where tenant_id = ${tenantId} and active and archived_at is null and id in (${sql.join(settings.service_ids)})`.execute(trx);
        if (rows[0].n !== settings.service_ids.length) throw invalidField('service_ids', 'validation.relation');
      }
      if (settings.enabled && !settings.doctor_ids.length) throw invalidField('doctor_ids', 'validation.required');
      await sql`update tenants set online_booking = ${JSON.stringify(settings)}::jsonb, updated_at = now() where id = ${tenantId}`.execute(trx);
      await request.data.audit(trx, { action: 'update', resource: 'settings', fields: ['online_booking'] });
    });
    return { data: settings };
  });
}
