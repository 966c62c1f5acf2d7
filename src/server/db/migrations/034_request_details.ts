// What the Owner decides on (issue 17): a request keeps the doctor's values before the change
// (`previous`, the changed fields only), the reason given with a rejection, and the doctor's
// identity (name, subdomain), which outlives the doctor once a delete request is accepted.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table doctor_requests add column previous jsonb, add column reason text, add column doctor_name text, add column doctor_subdomain text`.execute(db);
  // Requests made before: the doctor as it is now, or the new doctor's own name and subdomain.
  await sql`update doctor_requests r set
    doctor_name = coalesce((select t.name from tenants t where t.id = r.tenant_id), r.payload->>'name'),
    doctor_subdomain = coalesce((select t.subdomain from tenants t where t.id = r.tenant_id), r.payload->>'subdomain')`.execute(db);
}
