// The public landing pages, readable without logging in: the platform's on the main host, each
// clinic's on its subdomain. Only visible sections and items are served; images are given as URLs
// of their public uploads.
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { ACCOUNT_STATUS } from '../../src/shared/enums';
import type { Database } from '../../src/server/db/schema';
import { tenantSuspended } from '../../src/server/http/errors';
import { anyObject, arr, bool, dataAnswer, nullable, obj, str } from '../../src/server/http/answers';
import { PLATFORM_TIME_ZONE } from '../../src/server/days';

type Row = Record<string, unknown>;
const IMAGES = ['image_pc', 'image_tablet', 'image_mobile'];

/** The URL an upload is served at, or null without one. */
const uploadUrl = (id: unknown): string | null => (id ? `/api/v1/uploads/${String(id)}` : null);

/** Replaces upload ids by their URLs (public uploads only), and drops bookkeeping columns. */
function present(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (['tenant_id', 'created_at', 'updated_at', 'is_visible', 'kind'].includes(key)) continue;
    out[key] = IMAGES.includes(key) ? uploadUrl(value) : value;
  }
  return out;
}

export function registerLandingRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.get('/landing-page', { config: { scope: 'central', auth: false }, schema: { tags: ['landing page'], summary: "The platform's public landing page", response: { 200: dataAnswer(obj({ sections: arr(anyObject), plans: arr(anyObject) })) } } }, async () => {
    const [sections, items, plans] = await Promise.all([
      sql<Row>`select * from landing_sections where is_visible order by position, id`.execute(db),
      sql<Row>`select * from landing_items where is_visible order by position, id`.execute(db),
      sql<Row>`select id, type_en, type_ar, type_ckb, price, discount, recommended, max_users, max_visitings, max_storage_gb, support,
                      features_en, features_ar, features_ckb, image from plans order by price`.execute(db),
    ]);
    return {
      data: {
        sections: sections.rows.map((s) => ({ ...present(s), items: items.rows.filter((i) => i.kind === s.key).map(present) })),
        plans: plans.rows.map((p) => ({ ...p, image: uploadUrl(p.image) })),
      },
    };
  });

  app.get('/tenant/landing-page', { config: { scope: 'tenant', auth: false }, schema: { tags: ['landing page'], summary: "The clinic's public landing page", response: { 200: dataAnswer(obj({ online_booking: bool, time_zone: str, landing_page: nullable(anyObject), solutions: arr(anyObject), highlights: arr(anyObject), projects: arr(anyObject) })) } } }, async (request) => {
    const tenant = request.tenant!;
    if (tenant.status !== ACCOUNT_STATUS.active) throw tenantSuspended();
    const id = tenant.id;
    // One statement (every app start asks this): each part as JSON, where each part on its own took
    // a round trip and a pool connection. The timestamps JSON would turn to text are dropped by `present`.
    const { rows } = await sql<{ page: Row | null; doctor: Row | null; solutions: Row[]; highlights: Row[]; projects: Row[]; locations: Row[]; links: Row[]; online_booking: boolean | null }>`select
        (select row_to_json(p) from tenant_landing_pages p where p.tenant_id = ${id} and p.is_visible limit 1) as page,
        (select row_to_json(d) from (select t.name, t.skill, t.phone, t.email, t.address, c.name_en as city_en, c.name_ar as city_ar, c.name_ckb as city_ckb
           from tenants t left join cities c on c.id = t.city_id where t.id = ${id}) d) as doctor,
        (select coalesce(json_agg(s order by s.position, s.id), '[]') from tenant_solutions s where s.tenant_id = ${id} and s.is_visible) as solutions,
        (select coalesce(json_agg(h order by h.position, h.id), '[]') from tenant_highlights h where h.tenant_id = ${id} and h.is_visible) as highlights,
        (select coalesce(json_agg(p order by p.position, p.id), '[]') from tenant_projects p where p.tenant_id = ${id} and p.is_visible) as projects,
        (select coalesce(json_agg(l order by l.name), '[]') from (select name, address, phone, map_url, working_hours from tenant_locations where tenant_id = ${id}) l) as locations,
        (select coalesce(json_agg(k order by k.title), '[]') from (select title, url, kind from tenant_links where tenant_id = ${id}) k) as links,
        (select coalesce((online_booking->>'enabled')::boolean, false) from tenants where id = ${id}) as online_booking`.execute(db);
    const { page: landing, doctor, solutions, highlights, projects, locations, links, online_booking } = rows[0];
    return {
      data: {
        // The clinic takes appointments on its site (/book): the page offers the way there.
        online_booking: online_booking ?? false,
        // The clinic's time zone: its public pages (signed out) count days by it, not the device's.
        time_zone: PLATFORM_TIME_ZONE,
        landing_page: landing ? { ...present(landing), doctor: doctor ?? undefined, locations, links } : null,
        solutions: solutions.map(present),
        highlights: highlights.map(present),
        projects: projects.map(present),
      },
    };
  });
}
