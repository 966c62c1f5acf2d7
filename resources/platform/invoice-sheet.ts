// A platform invoice as a sheet a doctor can file (issue 39): its number in its year, under the
// platform's letterhead (its name, and the contact details of its public page), in the language
// asked for (the doctor's; the reader's by default): the plan by its name in that language, the
// period it covers, the plan's price and discount, what is due and by when, and whether it is paid.
// The platform's staff print any clinic's (GET /invoices/:id/sheet), a clinic its own
// (GET /settings/invoice/:id/sheet). The screen lays the sheet out; every text it needs is here.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { resourceByName } from '../index';
import { PLATFORM_CURRENCY } from '../../src/shared/money';
import { LANGUAGES, type Lang, translate } from '../../src/server/i18n';
import { localDateTime } from '../../src/server/days';
import { notFound } from '../../src/server/http/errors';
import { bool, dataAnswer, int, nullable, num, obj, str } from '../../src/server/http/answers';
import type { Tx } from '../../src/server/engine/hooks';
import type { InvoiceSheet } from '../../src/shared/invoiceSheet';

/** An invoice's filing number: its year and its number within the year, `2026-00017`. */
export function invoiceNumber(year: number, number: number): string {
  return `${year}-${String(number).padStart(5, '0')}`;
}

export type { InvoiceSheet } from '../../src/shared/invoiceSheet';

const sheetAnswer = dataAnswer(
  obj({
    lang: str, number: str, kind: str, issued_on: str, due_on: str, period_start: nullable(str), period_end: nullable(str), plan: nullable(str),
    price: nullable(num), discount: nullable(int), amount: num, currency: str, is_paid: bool, paid_at: nullable(str),
    doctor: obj({ name: str, subdomain: str }), platform: obj({ name: str, email: nullable(str), phone: nullable(str) }),
  }),
);

interface SheetRow {
  year: number;
  number: number;
  kind: string;
  issued_on: string;
  due_on: string;
  period_start: string | null;
  period_end: string | null;
  plan_en: string | null;
  plan_ar: string | null;
  plan_ckb: string | null;
  price: string | null;
  discount: number | null;
  amount: string;
  is_paid: boolean;
  paid_at: Date | null;
  doctor: string;
  subdomain: string;
}

/** The sheet of invoice `id` (of clinic `tenantId` only, when given), or 404. */
async function readSheet(trx: Tx, id: number, tenantId: number | null, lang: Lang): Promise<InvoiceSheet> {
  const day = (column: string) => sql`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
  const { rows } = await sql<SheetRow>`
    select i.year, i.number, i.kind, ${day('i.issued_on')} as issued_on, ${day('i.due_on')} as due_on, ${day('i.period_start')} as period_start,
           ${day('i.period_end')} as period_end, p.type_en as plan_en, p.type_ar as plan_ar, p.type_ckb as plan_ckb, i.price, i.discount, i.amount,
           i.is_paid, i.paid_at, t.name as doctor, t.subdomain
    from invoices i join tenants t on t.id = i.tenant_id left join plans p on p.id = i.plan_id
    where i.id = ${id} ${tenantId === null ? sql`` : sql`and i.tenant_id = ${tenantId}`}`.execute(trx);
  const row = rows[0];
  if (!row) throw notFound();
  // The platform's contact details, as its public page gives them.
  const { rows: contact } = await sql<{ email: string | null; phone: string | null }>`
    select email, phone from landing_sections where key in ('contact_info', 'footer') order by key = 'contact_info' desc limit 1`.execute(trx);
  const plan = { en: row.plan_en, ar: row.plan_ar, ckb: row.plan_ckb }[lang] || row.plan_en;
  return {
    lang,
    number: invoiceNumber(Number(row.year), Number(row.number)),
    kind: translate(lang, `invoices.kinds.${row.kind}`),
    issued_on: row.issued_on,
    due_on: row.due_on,
    period_start: row.period_start,
    period_end: row.period_end,
    plan,
    price: row.price === null ? null : Number(row.price),
    discount: row.discount === null ? null : Number(row.discount),
    amount: Number(row.amount),
    currency: PLATFORM_CURRENCY,
    is_paid: row.is_paid,
    paid_at: row.paid_at ? localDateTime(new Date(row.paid_at)) : null,
    doctor: { name: row.doctor, subdomain: row.subdomain },
    platform: { name: translate(lang, 'app.title'), email: contact[0]?.email ?? null, phone: contact[0]?.phone ?? null },
  };
}

const sheetQuery = { type: 'object', additionalProperties: false, properties: { lang: { type: 'string', enum: [...LANGUAGES] } } };

/** The language asked for (?lang=), else the reader's. */
function sheetLang(request: FastifyRequest): Lang {
  return (request.query as { lang?: Lang }).lang ?? request.lang;
}

const idOf = (request: FastifyRequest): number => Number((request.params as { id: string }).id);

export function registerInvoiceSheetRoutes(app: FastifyInstance): void {
  const invoices = resourceByName('invoices');
  const summary = 'An invoice as a sheet to print: number, plan, period, price, discount, due, under the platform letterhead (lang: the language to print in)';
  app.get(
    '/invoices/:id/sheet',
    { config: { scope: 'central', access: { resource: invoices, action: 'read' }, record: { resource: invoices, action: 'read' } }, schema: { tags: ['invoices'], summary, querystring: sheetQuery, response: { 200: sheetAnswer } } },
    async (request) => ({ data: await request.data.transaction((trx) => readSheet(trx, idOf(request), null, sheetLang(request))) }),
  );
  app.get(
    '/settings/invoice/:id/sheet',
    { config: { scope: 'tenant' }, schema: { tags: ['clinic settings'], summary: `${summary}; the clinic's own invoices only`, querystring: sheetQuery, response: { 200: sheetAnswer } } },
    async (request) => ({ data: await request.data.transaction((trx) => readSheet(trx, idOf(request), request.tenant!.id, sheetLang(request))) }),
  );
}
