// GET /patients/:id/safety: what must be known before treating the patient, in one call for the
// safety header (patient page, visit screen, booking): allergies, active alerts, current
// medications, chronic conditions and the latest vital signs, and the patient's photo (to see it
// is the right patient). Each part goes through the engine
// like its own list (the clinic, the caller's permission on it, decryption, the read log); a part
// the caller may not read comes as null, and the header leaves it out.
import type { FastifyInstance } from 'fastify';
import dayjs from 'dayjs';
import { resourceByName } from '..';
import type { ResourceDef } from '../../src/shared/resource';
import { anyObject, arr, dataAnswer, int, nullable, obj } from '../../src/server/http/answers';
import { parseListQuery } from '../../src/server/engine/query';

type Row = Record<string, unknown>;
const PATIENTS = resourceByName('patients');
/** Enough for any real patient; the header shows the first few and a count. */
const MOST = '50';
const rows = nullable(arr(anyObject));

export function registerSafetyRoutes(app: FastifyInstance): void {
  app.get('/patients/:id/safety', { config: { scope: 'tenant' }, schema: { tags: ['patients'], summary: "A patient's photo (an upload id), allergies, active alerts, current medications, chronic conditions and latest vital signs (null: none, or not readable by the caller)", response: { 200: dataAnswer(obj({ photo: nullable(int), allergies: rows, alerts: rows, medications: rows, conditions: rows })) } } }, async (request) => {
    const id = Number((request.params as { id: string }).id);
    const data = request.data;
    const today = dayjs(data.now()).format('YYYY-MM-DD');
    return data.transaction(async (_trx, data) => {
      const patient = await data.get(PATIENTS, id); // the patient's own checks: this clinic, readable by the caller
      const part = async (name: string, query: Record<string, string> = {}): Promise<Row[] | null> => {
        const def: ResourceDef = resourceByName(name);
        if (!data.can(def, 'read')) return null;
        const result = await data.list(def, parseListQuery(def, { 'filter[patient_id]': String(id), per_page: MOST, ...query }));
        return result.data;
      };
      const medications = await part('pastMedications');
      const vitals = await part('vitalSigns', { per_page: '1' });
      return {
        data: {
          photo: patient.photo ?? null,
          allergies: await part('allergies'),
          alerts: await part('patientAlerts', { 'filter[active]': 'true' }),
          // Still taken: no end, or an end not yet reached.
          medications: medications && medications.filter((m) => !m.ended_on || String(m.ended_on) >= today),
          conditions: await part('pastMedicalHistories', { 'filter[is_chronic]': 'true' }),
          vitals: vitals && (vitals[0] ?? null),
        },
      };
    });
  });
}
