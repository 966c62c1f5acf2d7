// The clinic's printed letterhead (issue 19): GET /settings/letterhead for every staff member
// (whoever prints a prescription or a receipt), PUT for the Main Doctor. A line left empty is
// taken from the clinic's profile (its specialty, address and phone) when the sheet is printed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { TENANT_ROLE } from '../../src/shared/roles';
import { LOGO_MAX_BYTES, LOGO_PATTERN, PAPER_SIZES, type Letterhead, type LetterheadAnswer, type PaperSize, logoMatches } from '../../src/shared/letterhead';
import { invalidField } from '../../src/server/http/errors';
import { dataAnswer, nullable, obj, str } from '../../src/server/http/answers';

const line = (maxLength: number) => ({ type: ['string', 'null'], maxLength });

const letterheadBody = {
  type: 'object',
  additionalProperties: false,
  required: ['paper_size'],
  properties: {
    specialty: line(120),
    address: line(255),
    phone: line(120),
    licence_number: line(60),
    paper_size: { type: 'string', enum: [...PAPER_SIZES] },
    // Left out: kept as it is; null: removed.
    logo: { type: ['string', 'null'], maxLength: 140_000, pattern: LOGO_PATTERN },
  },
};

const text = nullable(str);
const letterheadAnswer = dataAnswer(
  obj(
    { name: str, specialty: text, address: text, phone: text, licence_number: text, paper_size: { type: 'string', enum: [...PAPER_SIZES] }, logo: text, profile: obj({ specialty: text, address: text, phone: text }) },
    ['name', 'paper_size', 'profile'],
  ),
);

interface Body {
  specialty?: string | null;
  address?: string | null;
  phone?: string | null;
  licence_number?: string | null;
  paper_size: PaperSize;
  logo?: string | null;
}

/** A logo is refused unless its bytes are the image it says, and small. */
function checkLogo(logo: string): void {
  const [head, data] = logo.split(',');
  const type = /^data:image\/(png|jpeg|webp);base64$/.exec(head)?.[1] ?? '';
  const bytes = Buffer.from(data ?? '', 'base64');
  if (bytes.length > LOGO_MAX_BYTES) throw invalidField('logo', 'validation.logoTooBig', { limit: LOGO_MAX_BYTES / 1024 });
  if (!logoMatches(type, bytes)) throw invalidField('logo', 'validation.logoImage');
}

/** Trimmed, and empty as null: a blank line falls back to the profile. */
const blank = (v: string | null | undefined): string | null => (v?.trim() ? v.trim() : null);

export function registerLetterheadRoutes(app: FastifyInstance): void {
  const config = { scope: 'tenant' } as const;
  const tags = ['clinic settings'];

  const read = (request: FastifyRequest): Promise<LetterheadAnswer> =>
    request.data.transaction(async (trx) => {
      const { rows } = await sql<Letterhead & { profile_specialty: string | null; profile_address: string | null; profile_phone: string | null }>`
        select name, print_specialty as specialty, print_address as address, print_phone as phone, licence_number, paper_size, print_logo as logo,
               skill as profile_specialty, address as profile_address, phone as profile_phone
        from tenants where id = ${request.tenant!.id}`.execute(trx);
      const r = rows[0];
      return {
        name: r.name,
        specialty: r.specialty,
        address: r.address,
        phone: r.phone,
        licence_number: r.licence_number,
        paper_size: r.paper_size,
        logo: r.logo,
        // What an empty line prints instead.
        profile: { specialty: r.profile_specialty, address: r.profile_address, phone: r.profile_phone },
      };
    });

  app.get('/settings/letterhead', { config, schema: { tags, summary: "The clinic's printed letterhead and paper size (any staff member)", response: { 200: letterheadAnswer } } }, async (request) => {
    return { data: await read(request) };
  });

  app.put('/settings/letterhead', { config: { ...config, access: { clinicRoles: [TENANT_ROLE.mainDoctor] } }, schema: { tags, summary: "Change the clinic's printed letterhead (Main Doctor)", body: letterheadBody, response: { 200: letterheadAnswer } } }, async (request) => {
    const body = request.body as Body;
    if (body.logo) checkLogo(body.logo);
    await request.data.transaction(async (trx) => {
      if (body.logo !== undefined) await sql`update tenants set print_logo = ${body.logo} where id = ${request.tenant!.id}`.execute(trx);
      await sql`update tenants set print_specialty = ${blank(body.specialty)}, print_address = ${blank(body.address)}, print_phone = ${blank(body.phone)},
          licence_number = ${blank(body.licence_number)}, paper_size = ${body.paper_size}, updated_at = now()
        where id = ${request.tenant!.id}`.execute(trx);
      await request.data.audit(trx, { action: 'update', resource: 'settings', fields: Object.keys(body) });
    });
    return { data: await read(request) };
  });
}
