// Recurring bookings (issue 18: weekly physiotherapy, a dressing every other week):
// - POST /appointments/series: one booking and its repeats every 1, 2 or 4 weeks, `count` in all,
//   in one transaction, each under every rule of a single booking (the overlap rule above all):
//   one slot taken refuses them all, naming its day. They share a series id; a payment taken goes
//   with the first.
// - POST /appointments/:id/following: a change to this booking and the later ones of its series
//   still to come (a new time, length or doctor; a new day moves them all by as many days; or
//   cancelled from here on), each under the same rules, all or none.
// Editing one booking alone is the plain PATCH.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import dayjs from 'dayjs';
import { sql } from 'kysely';
import { resourceByName } from '..';
import { APPOINTMENT_STATUS } from '../../src/shared/enums';
import { Diverted, type Row } from '../../src/server/engine/hooks';
import { type JsonSchema, bodySchema, recordSchema } from '../../src/server/engine/schema';
import { normalizeInput } from '../../src/server/engine/validate';
import { ApiError, invalid } from '../../src/server/http/errors';
import { dataAnswer, arr } from '../../src/server/http/answers';

const APPOINTMENTS = resourceByName('appointments');
const DAY = 'YYYY-MM-DD';

const repeatSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['every_weeks', 'count'],
  properties: { every_weeks: { type: 'integer', enum: [1, 2, 4] }, count: { type: 'integer', minimum: 2, maximum: 52 } },
};
/** What "this and following" may change. */
const FOLLOWING = ['date', 'time', 'duration_minutes', 'doctor_id', 'status', 'notes'] as const;

/** A booking's create body and how it repeats. */
function seriesBody(): JsonSchema {
  const one = bodySchema(APPOINTMENTS, 'create');
  return { ...one, properties: { ...(one.properties as JsonSchema), repeat: repeatSchema }, required: [...((one.required as string[] | undefined) ?? []), 'repeat'] };
}

/** The part of a booking's update body "this and following" takes. */
function followingBody(): JsonSchema {
  const all = bodySchema(APPOINTMENTS, 'update').properties as JsonSchema;
  return { type: 'object', additionalProperties: false, properties: Object.fromEntries(FOLLOWING.map((name) => [name, all[name]])) };
}

/** Digits, phones and text tidied as the engine does before validation. */
const tidy = async (request: { body: unknown }) => {
  request.body = normalizeInput(APPOINTMENTS, request.body);
};
const bookings = dataAnswer(arr(recordSchema(APPOINTMENTS)));

const dayText = (value: unknown) => (value instanceof Date ? dayjs(value).format(DAY) : String(value).slice(0, 10));

/** A refusal of one booking of several, said on the field with the day it concerns. */
function naming(err: unknown, date: string): unknown {
  if (!(err instanceof ApiError) || err.status !== 422 || !err.fields) return err;
  const fields = Object.fromEntries(Object.entries(err.fields).map(([name, errors]) => [name, errors.map((e) => ({ key: 'validation.onDay', vars: { date, reason: `${e.key}`, ...e.vars } }))]));
  return invalid(fields);
}

function made(row: Row | Diverted): Row {
  if (row instanceof Diverted) throw new Error('appointments are never diverted');
  return row;
}

export function registerSeriesRoutes(app: FastifyInstance): void {
  const tags = ['appointments'];

  app.post(
    '/appointments/series',
    { config: { scope: 'tenant', access: { resource: APPOINTMENTS, action: 'create' } }, preValidation: tidy, schema: { tags, summary: 'Book a slot and its repeats every 1, 2 or 4 weeks (all or none)', body: seriesBody(), response: { 201: bookings } } },
    async (request, reply) => {
    const data = request.data;
    const { repeat: every, ...input } = request.body as Record<string, unknown> & { repeat: { every_weeks: number; count: number } };
    const seriesId = randomUUID();
    const first = dayjs(String(input.date));
    const rows = await data.transaction(async (_trx, data) => {
      const out: Row[] = [];
      for (let i = 0; i < every.count; i++) {
        const date = first.add(i * every.every_weeks * 7, 'day').format(DAY);
        // A payment taken now pays the first booking.
        const own = i === 0 ? input : { ...input, payment: null, payment_method: null };
        try {
          out.push(made(await data.create(APPOINTMENTS, { ...own, date, series_id: seriesId })));
        } catch (err) {
          throw naming(err, date);
        }
      }
      return out;
    });
    return reply.code(201).send({ data: rows });
    },
  );

  app.post(
    '/appointments/:id/following',
    {
      config: { scope: 'tenant', access: { resource: APPOINTMENTS, action: 'update' }, record: { resource: APPOINTMENTS, action: 'update' } },
      preValidation: tidy,
      schema: { tags, summary: 'Change this booking and the later ones of its series (all or none)', body: followingBody(), response: { 200: bookings } },
    },
    async (request) => {
    const id = Number((request.params as { id: string }).id);
    const data = request.data;
    const changes = request.body as Record<string, unknown>;
    if (changes.status !== undefined && Number(changes.status) !== APPOINTMENT_STATUS.cancelled) throw invalid({ status: [{ key: 'validation.enum' }] });
    const rows = await data.transaction(async (trx, data) => {
      const start = await data.get(APPOINTMENTS, id);
      if (!start.series_id) throw new ApiError(409, 'errors.notInSeries');
      const from = dayText(start.date);
      const shift = changes.date === undefined ? 0 : dayjs(String(changes.date)).diff(dayjs(from), 'day');
      const { rows: members } = await sql<{ id: number; date: string }>`
        select id, to_char(date, 'YYYY-MM-DD') as date from appointments
        where tenant_id = ${data.tenantId} and series_id = ${String(start.series_id)} and date >= ${from}
          and (id = ${id} or status in (${APPOINTMENT_STATUS.active}, ${APPOINTMENT_STATUS.late}))
        order by date, time`.execute(trx);
      const out: Row[] = [];
      for (const m of members) {
        const date = dayjs(m.date).add(shift, 'day').format(DAY);
        try {
          out.push(made(await data.update(APPOINTMENTS, Number(m.id), { ...changes, ...(shift ? { date } : {}) })));
        } catch (err) {
          throw naming(err, date);
        }
      }
      return out;
    });
    return { data: rows };
    },
  );
}
