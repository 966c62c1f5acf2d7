// GET /patients/:id/safety: what must be known before treating the patient, in one call for the
// safety header (patient page, visit screen, booking): allergies, active alerts, current
// medications, chronic conditions and the latest vital signs, and the patient's photo (to see it
// is the right patient). Each part goes through the engine
// like its own list (the clinic, the caller's permission on it, decryption, the read log); a part
// the caller may not read comes as null, and the header leaves it out.
import type { FastifyInstance } from 'fastify';
import { resourceByName } from '..';
import { anyObject, arr, dataAnswer, int, nullable, obj } from '../../src/server/http/answers';
import { parseListQuery } from '../../src/server/engine/query';
import { dayOf } from '../../src/server/days';

type Row = Record<string, unknown>;
const PATIENTS = resourceByName('patients');
/** Enough for any real patient; the header shows the first few and a count. */
const MOST = '50';
const rows = nullable(arr(anyObject));

export function registerSafetyRoutes(app: FastifyInstance): void {
  app.get('/patients/:id/safety', { config: { scope: 'tenant', confirmsInTransaction: true }, schema: { tags: ['patients'], summary: "A patient's photo (an upload id), allergies, active alerts, current medications, chronic conditions and latest vital signs (null: none, or not readable by the caller)", response: { 200: dataAnswer(obj({ photo: nullable(int), allergies: rows, alerts: rows, medications: rows, conditions: rows })) } } }, async (request) => {
    const id = Number((request.params as { id: string }).id);
    const data = request.data;
    // The clinic's day, not the server's: a medication ending yesterday in Erbil is no longer current.
    const today = dayOf(data.now());
    return data.transaction(async (_trx, data) => {
      const patient = await data.get(PATIENTS, id); // the patient's own checks: this clinic, readable by the caller
      // The parts the caller may read, all in one statement (one round trip, not one each).
      const asked: [string, Record<string, string>][] = [
        ['allergies', {}],
        ['patientAlerts', { 'filter[active]': 'true' }],
        ['pastMedications', {}],
        ['pastMedicalHistories', { 'filter[is_chronic]': 'true' }],
        ['vitalSigns', { per_page: '1' }],
      ];
      const readable = asked.map(([name, query]) => ({ def: resourceByName(name), query })).filter(({ def }) => data.can(def, 'read'));
      const pages = await data.firstPages(readable.map(({ def, query }) => ({ def, query: parseListQuery(def, { 'filter[patient_id]': String(id), per_page: MOST, ...query }) })));
      const part = (name: string): Row[] | null => {
        const at = readable.findIndex(({ def }) => def.name === name);
        return at < 0 ? null : pages[at].data;
      };
      const medications = part('pastMedications');
      const vitals = part('vitalSigns');
      return {
        data: {
          photo: patient.photo ?? null,
          allergies: part('allergies'),
          alerts: part('patientAlerts'),
          // Still taken: no end, or an end not yet reached.
          medications: medications && medications.filter((m) => !m.ended_on || String(m.ended_on) >= today),
          conditions: part('pastMedicalHistories'),
          vitals: vitals && (vitals[0] ?? null),
        },
      };
    });
  });
}
