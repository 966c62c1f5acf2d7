// The clinic's devices keeping a working set (issue 36, resources/devices/). A device names itself
// on its sync calls (X-Device-Id, the UUID it made once); each /sync/changes notes it (one row per
// device and user: its label and last sync). The Main Doctor revokes a device (POST
// /devices/:id/revoke: every user's row of that device); its next sync call is refused with 410
// errors.deviceRevoked, the session it came with ends, and the device wipes what it keeps
// (src/client/offline/sync.ts) and makes itself a new id when next used.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { resourceByName } from '../../../resources/index';
import { deviceName } from '../../shared/deviceName';
import { offersRecordAction, recordAction } from '../../shared/resource';
import { endSession } from '../auth/sessions';
import type { Database } from '../db/schema';
import { ApiError, forbidden, notFound } from '../http/errors';
import { NO_CONTENT } from '../http/answers';
import { NO_BODY } from '../http/route-rules';
import { DEVICE_HEADER } from './entry';

const DEVICES = resourceByName('devices');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The refusal a revoked device acts on: it wipes its working set and signs out. */
export const deviceRevoked = () => new ApiError(410, 'errors.deviceRevoked');

/** The request's device id, or null when it names none (a plain API client). A malformed one is a 422. */
function deviceOf(request: FastifyRequest): string | null {
  const raw = request.headers[DEVICE_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return null;
  const id = value.toLowerCase();
  if (!UUID.test(id)) throw new ApiError(422, 'errors.deviceIdInvalid');
  return id;
}

/**
 * Before a sync call answers: a revoked device is refused (its session ended, the row marked
 * wiped); otherwise, when `note`, its row for this user says it synced now.
 */
export async function checkDevice(request: FastifyRequest, db: Kysely<Database>, note: boolean): Promise<void> {
  const device = deviceOf(request);
  const caller = request.data.caller;
  if (!device || !caller || !request.tenant) return;
  const tenantId = request.tenant.id;
  const revoked = await request.data.transaction(async (trx) => {
    const { rows } = await sql<{ n: number }>`update devices set status = 'wiped', wiped_at = coalesce(wiped_at, now()), updated_at = now()
      where device_id = ${device} and status <> 'active' returning 1 as n`.execute(trx);
    if (rows.length) return true;
    if (note) {
      const label = deviceName(request.headers['user-agent']).slice(0, 120);
      await sql`insert into devices (tenant_id, device_id, user_id, label, status, first_sync_at, last_sync_at)
        values (${tenantId}, ${device}, ${caller.userId}, ${label}, 'active', now(), now())
        on conflict (tenant_id, device_id, user_id) do update set label = excluded.label, last_sync_at = now(), updated_at = now()`.execute(trx);
    }
    return false;
  });
  if (!revoked) return;
  // Its session ends with the refusal: what it kept is wiped on the device, and it signs in anew.
  if (request.session?.tokenHash) await endSession(db, request.session.tokenHash);
  throw deviceRevoked();
}

export function registerDeviceRoutes(app: FastifyInstance): void {
  const action = recordAction(DEVICES, 'revoke-device');
  /** For a refused input: the action offered (403), then the device (404), as the handler asks them. */
  const revocable = async (request: FastifyRequest) => {
    const id = Number((request.params as { id: string }).id);
    if (!offersRecordAction(action, request.session!.user, id)) throw forbidden();
    await request.data.assertExists(DEVICES, 'read', id);
  };
  app.post(
    `/${DEVICES.path}/:id/${action.post}`,
    { config: { scope: 'tenant', record: revocable }, schema: { tags: ['offline'], summary: 'Revoke a device: its next sync wipes what it keeps and ends its session (Main Doctor)', body: NO_BODY, response: { 204: NO_CONTENT } } },
    async (request, reply) => {
      const id = Number((request.params as { id: string }).id);
      const session = request.session!;
      if (!offersRecordAction(action, session.user, id)) throw forbidden();
      const found = await request.data.transaction(async (trx) => {
        const { rows } = await sql<{ device_id: string }>`select device_id from devices where id = ${id}`.execute(trx);
        if (!rows.length) return false;
        // Every user's row of that device: it is the device that is wiped.
        await sql`update devices set status = 'revoked', revoked_at = now(), revoked_by = ${session.user.id}, updated_at = now()
          where device_id = ${rows[0].device_id} and status = 'active'`.execute(trx);
        await request.data.audit(trx, { action: 'revoke', resource: DEVICES.name, recordId: id });
        return true;
      });
      if (!found) throw notFound();
      return reply.status(204).send();
    },
  );
}
