// The allergy check of a prescription (issue 32), on the server: the patient's allergies against
// what each drug is named and contains (src/shared/allergies.ts). A visit's save is refused on the
// rows of drugs that match (422) unless the doctor says "prescribe anyway" with a reason, kept on
// the visit (and so in its audit event); the visit form asks GET /patients/:id/allergy-check when
// a drug is picked, so the warning comes before the save.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { resourceByName } from '../index';
import { type AllergyFacts, type AllergyFinding, type IngredientFacts, allergyFindings, findingMessage } from '../../src/shared/allergies';
import type { HookContext, Input, Tx } from '../../src/server/engine/hooks';
import { type FieldErrors, invalid, notFound } from '../../src/server/http/errors';

type Item = Record<string, unknown>;

export interface DrugCheck {
  id: number;
  name: string;
  findings: AllergyFinding[];
}

/** Each drug's findings for the patient's allergies (drugs of another clinic are not found). */
export async function checkDrugs(trx: Tx, tenantId: number, patientId: number, drugIds: number[]): Promise<DrugCheck[]> {
  if (!drugIds.length) return [];
  const { rows: allergies } = await sql<AllergyFacts>`select substance, severity from allergies
    where tenant_id = ${tenantId} and patient_id = ${patientId} order by severity desc, id`.execute(trx);
  const { rows: drugs } = await sql<{ id: number; name: string; scientific_name: string | null; ingredients: { ingredient_id: number }[] | null }>`
    select id, name, scientific_name, ingredients from drugs where tenant_id = ${tenantId} and id in (${sql.join(drugIds)})`.execute(trx);
  if (!allergies.length) return drugs.map((d) => ({ id: Number(d.id), name: d.name, findings: [] }));
  // The whole catalog: it also gives the class of an allergy naming an ingredient no drug here has.
  const { rows: known } = await sql<IngredientFacts & { id: number }>`select id, name, drug_class from ingredients where tenant_id = ${tenantId}`.execute(trx);
  const byId = new Map(known.map((i) => [Number(i.id), i]));
  return drugs.map((d) => {
    const ingredients = (d.ingredients ?? []).map((i) => byId.get(Number(i.ingredient_id))).filter((i): i is IngredientFacts & { id: number } => !!i);
    return { id: Number(d.id), name: d.name, findings: allergyFindings({ name: d.name, scientific_name: d.scientific_name, ingredients }, allergies, known) };
  });
}

/** The longest reason kept (the visit's `allergy_override_reason`). */
const REASON_MAX = 500;

/**
 * Prescribing a drug that matches one of the patient's allergies is refused on that drug's row
 * (422, naming the drug, the allergy and what matched) unless `allergy_override` comes with
 * `allergy_override_reason`. Only newly added drugs are checked: a saved visit's drugs were
 * checked when they were added.
 */
export async function checkPrescriptionAllergies(ctx: HookContext, input: Input, patientId: unknown, previous: unknown): Promise<void> {
  const override = input.allergy_override === true;
  delete input.allergy_override;
  const reason = typeof input.allergy_override_reason === 'string' ? input.allergy_override_reason.trim() : '';
  if (!Array.isArray(input.prescriptions)) return;
  const before = new Set((Array.isArray(previous) ? (previous as Item[]) : []).map((i) => Number(i.drug_id)));
  const fresh = (input.prescriptions as Item[]).map((item, index) => ({ index, id: Number(item.drug_id) })).filter((p) => !before.has(p.id));
  const checked = await checkDrugs(ctx.trx, ctx.tenantId!, Number(patientId), [...new Set(fresh.map((p) => p.id))]);
  const errors: FieldErrors = {};
  for (const p of fresh) {
    const drug = checked.find((d) => d.id === p.id);
    if (drug?.findings.length) errors[`prescriptions.${p.index}.drug_id`] = drug.findings.map((f) => ({ key: findingMessage(drug.name, f), vars: { drug: drug.name, substance: f.substance, via: f.via.name } }));
  }
  // No warning to override: nothing more is asked (a reason sent anyway is kept as written).
  if (!Object.keys(errors).length) return;
  if (override && reason.length >= 3) {
    input.allergy_override_reason = reason.slice(0, REASON_MAX);
    return;
  }
  // The way past it is named as fields, so the form knows to offer it.
  throw invalid({ ...errors, allergy_override: [{ key: 'validation.allergyOverride' }], ...(override ? { allergy_override_reason: [{ key: 'validation.allergyReason' }] } : {}) });
}

const PATIENTS = resourceByName('patients');
const ALLERGIES = resourceByName('allergies');

export function registerAllergyCheckRoutes(app: FastifyInstance): void {
  app.get(
    '/patients/:id/allergy-check',
    {
      config: { scope: 'tenant' },
      schema: {
        tags: ['patients'],
        summary: "What is unsafe in a drug for the patient's allergies (by name, ingredient, class; cross-reactions as cautions); null when the caller may not read allergies",
        querystring: { type: 'object', additionalProperties: false, required: ['drug_id'], properties: { drug_id: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } } },
        response: { 200: { type: 'object', properties: { data: { anyOf: [{ type: 'object' }, { type: 'null' }] } } } },
      },
    },
    async (request) => {
      const id = Number((request.params as { id: string }).id);
      const drugId = Number((request.query as { drug_id?: unknown }).drug_id);
      if (!Number.isSafeInteger(id) || id <= 0 || !Number.isSafeInteger(drugId) || drugId <= 0) throw notFound();
      const data = request.data;
      return data.transaction(async (trx, data) => {
        await data.get(PATIENTS, id); // the patient's own checks: this clinic, readable by the caller
        if (!data.can(ALLERGIES, 'read')) return { data: null };
        const [drug] = await checkDrugs(trx, data.tenantId!, id, [drugId]);
        if (!drug) throw notFound();
        return { data: drug };
      });
    },
  );
}
