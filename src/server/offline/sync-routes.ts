// GET /api/v1/sync/changes and /sync/rows: how a clinic's device fills and follows its working set
// (issue 36; changes.ts reads, cursor.ts says what a cursor means).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { resourceByName } from '../../../resources/index';
import { WORKING_SET, isWorkingSetResource } from '../../shared/workingSet';
import type { Database } from '../db/schema';
import { ERROR_BODY } from '../http/answers';
import { badQuery } from '../http/errors';
import { checkDevice } from './devices';
import { decodeCursor, encodeCursor } from './cursor';
import { readChanges, readRows, startCursor } from './changes';

const DEFAULT_LIMIT = 500;
const MAX_LIMIT = 1000;

function limitOf(request: FastifyRequest): number {
  const raw = (request.query as { limit?: string }).limit;
  if (raw === undefined || raw === '') return DEFAULT_LIMIT;
  const n = /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
  if (n < 1 || n > MAX_LIMIT) throw badQuery({ limit: [{ key: 'validation.maximum', vars: { limit: MAX_LIMIT } }] });
  return n;
}

/** The device naming itself, and the refusal a revoked one gets (devices.ts). */
const DEVICE_HEADERS = { type: 'object', properties: { 'x-device-id': { type: 'string', description: "The device's UUID: noted in the clinic's list of devices" } } };
const REVOKED = { ...ERROR_BODY, description: 'This device was revoked: wipe what it keeps; its session has ended' };

export function registerSyncRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.get(
    '/sync/changes',
    {
      config: { scope: 'tenant' },
      schema: {
        tags: ['offline'],
        summary: "The clinic's working-set rows changed after the cursor (none and a fresh cursor without one); { resync: true } when the cursor is too old",
        querystring: { type: 'object', additionalProperties: false, properties: { after: { type: 'string' }, limit: { type: 'string', description: `At most ${MAX_LIMIT}` } } },
        headers: DEVICE_HEADERS,
        response: { 410: REVOKED, 200: { type: 'object', properties: { data: { type: 'object', properties: { resync: { type: 'boolean' }, changes: { type: 'array' }, cursor: { type: 'string' }, more: { type: 'boolean' }, resources: { type: 'array', items: { type: 'string' } } }, required: ['resync'] } } } },
      },
    },
    async (request) => {
      const after = (request.query as { after?: string }).after;
      const limit = limitOf(request);
      await checkDevice(request, db, true);
      // A start also names the working set's resources this caller may read (the first load's list).
      if (after === undefined || after === '') {
        const resources = Object.keys(WORKING_SET).filter((name) => request.data.can(resourceByName(name), 'read'));
        return { data: { resync: false, changes: [], cursor: encodeCursor(await startCursor(request.data)), more: false, resources } };
      }
      const cursor = decodeCursor(after);
      if (!cursor) throw badQuery({ after: [{ key: 'validation.pattern' }] });
      const answer = await readChanges(request.data, cursor, limit);
      return { data: answer.resync ? { resync: true } : { ...answer, cursor: encodeCursor(answer.cursor) } };
    },
  );

  app.get(
    '/sync/rows',
    {
      config: { scope: 'tenant' },
      schema: {
        tags: ['offline'],
        summary: "One page of a working-set resource for a device's first load, in id order after after_id",
        querystring: { type: 'object', additionalProperties: false, required: ['resource'], properties: { resource: { type: 'string', enum: Object.keys(WORKING_SET) }, after_id: { type: 'string' }, limit: { type: 'string' } } },
        headers: DEVICE_HEADERS,
        response: { 410: REVOKED, 200: { type: 'object', properties: { data: { type: 'array', items: { type: 'object' } }, next_after_id: { type: ['integer', 'null'] } } } },
      },
    },
    async (request) => {
      const { resource, after_id: afterText } = request.query as { resource?: string; after_id?: string };
      if (!resource || !isWorkingSetResource(resource)) throw badQuery({ resource: [{ key: 'validation.pattern' }] });
      const afterId = afterText === undefined || afterText === '' ? 0 : /^\d{1,15}$/.test(afterText) ? Number(afterText) : -1;
      if (afterId < 0) throw badQuery({ after_id: [{ key: 'validation.pattern' }] });
      await checkDevice(request, db, false);
      const page = await readRows(request.data, resource, afterId, limitOf(request));
      return { data: page.rows, next_after_id: page.next };
    },
  );
}
