// The public landing pages, readable without logging in: the platform's on the main host, each
// clinic's on its subdomain. Only visible sections and items are served; images are given as URLs
// of their public uploads.
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { ACCOUNT_STATUS } from '../../src/shared/enums';
import type { Database } from '../../src/server/db/schema';
import { tenantSuspended } from '../../src/server/http/errors';
import { anyObject, arr, bool, dataAnswer, nullable, obj } from '../../src/server/http/answers';

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

  app.get('/tenant/landing-page', { config: { scope: 'tenant', auth: false }, schema: { tags: ['landing page'], summary: "The clinic's public landing page", response: { 200: dataAnswer(obj({ online_booking: bool, landing_page: nullable(anyObject), solutions: arr(anyObject), highlights: arr(anyObject), projects: arr(anyObject) })) } } }, async (request) => {
    const tenant = request.tenant!;
    if (tenant.status !== ACCOUNT_STATUS.active) throw tenantSuspended();
    const id = tenant.id;
    // All on one connection, written together (pipelined on PostgreSQL): one round trip and one of
    // the pool's connections, where each on its own took seven (every app start asks this).
    const [page, doctor, solutions, highlights, projects, locations, links, booking] = await db.connection().execute((db) => Promise.all([
      sql<Row>`select * from tenant_landing_pages where tenant_id = ${id} and is_visible`.execute(db),
      sql<Row>`select t.name, t.skill, t.phone, t.email, t.address, c.name_en as city_en, c.name_ar as city_ar, c.name_ckb as city_ckb
               from tenants t left join cities c on c.id = t.city_id where t.id = ${id}`.execute(db),
      sql<Row>`select * from tenant_solutions where tenant_id = ${id} and is_visible order by position, id`.execute(db),
      sql<Row>`select * from tenant_highlights where tenant_id = ${id} and is_visible order by position, id`.execute(db),
      sql<Row>`select * from tenant_projects where tenant_id = ${id} and is_visible order by position, id`.execute(db),
      sql<Row>`select name, address, phone, map_url, working_hours from tenant_locations where tenant_id = ${id} order by name`.execute(db),
      sql<Row>`select title, url, kind from tenant_links where tenant_id = ${id} order by title`.execute(db),
      sql<Row>`select coalesce((online_booking->>'enabled')::boolean, false) as on from tenants where id = ${id}`.execute(db),
    ]));
    const landing = page.rows[0];
    return {
      data: {
        // The clinic takes appointments on its site (/book): the page offers the way there.
        online_booking: Boolean(booking.rows[0]?.on ?? false),
        landing_page: landing ? { ...present(landing), doctor: doctor.rows[0], locations: locations.rows, links: links.rows } : null,
        solutions: solutions.rows.map(present),
        highlights: highlights.rows.map(present),
        projects: projects.rows.map(present),
      },
    };
  });
}
