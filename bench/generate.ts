// Fills a database with realistic clinics at scale, repeatably: every value is computed from the
// row numbers, so the same sizes always give the same data. Server-side generate_series keeps it
// fast (no row crosses the network).
//   DATABASE_URL=postgres://... npx tsx bench/generate.ts [--clinics 200] [--patients 5000] [--fresh]
import { sql } from 'kysely';
import { prepareDatabase } from '../src/server/start';
import type { Db } from '../src/server/db/index';

export interface Size {
  clinics: number;
  patients: number;
}

const FIRST = ['Ahmad', 'Karwan', 'Hemin', 'Rebwar', 'Sirwan', 'Omar', 'Ali', 'Hussein', 'Dlshad', 'Zana', 'Bryar', 'Shwan', 'Aram', 'Dara', 'Kawa', 'Soran', 'Shilan', 'Nazdar', 'Avin', 'Rozhin', 'Lana', 'Hana', 'Sara', 'Zhino', 'Tara', 'Bahar', 'Darya', 'Nigar', 'Shno', 'Raz'];
const LAST = ['Mahmood', 'Rasul', 'Salih', 'Kareem', 'Aziz', 'Hamad', 'Qadir', 'Othman', 'Mustafa', 'Jalal', 'Hassan', 'Abdullah', 'Faraj', 'Amin', 'Ismail', 'Ibrahim', 'Karim', 'Baban', 'Jaff', 'Talabani'];

export const BENCH_PREFIX = 'bench-';
export const benchSubdomain = (n: number) => `${BENCH_PREFIX}${String(n).padStart(4, '0')}`;

const arr = (list: string[]) => sql.raw(`array[${list.map((s) => `'${s}'`).join(',')}]`);

async function existing(db: Db): Promise<{ clinics: number; patients: number; expenses: number }> {
  // Expenses are written last: their count tells a finished run from an interrupted one.
  const { rows } = await sql<{ clinics: number; patients: number; expenses: number }>`
    select (select count(*) from tenants where subdomain like ${`${BENCH_PREFIX}%`})::int as clinics,
           (select count(*) from patients p join tenants t on t.id = p.tenant_id where t.subdomain like ${`${BENCH_PREFIX}%`})::int as patients,
           (select count(*) from expenses e join tenants t on t.id = e.tenant_id where t.subdomain like ${`${BENCH_PREFIX}%`})::int as expenses`.execute(db.kysely);
  return rows[0];
}

export async function generate(db: Db, size: Size, fresh = false, log: (s: string) => void = console.log): Promise<void> {
  const have = await existing(db);
  if (!fresh && have.clinics === size.clinics && have.patients === size.clinics * size.patients && have.expenses === size.clinics * 12) {
    log(`Data already there: ${have.clinics} clinics, ${have.patients} patients.`);
    return;
  }
  const k = db.kysely;
  const started = Date.now();
  /** `untriggered`: run with the tables' triggers off (the session as a replica's; owner only). */
  const step = async (name: string, query: ReturnType<typeof sql>, untriggered = false) => {
    const t0 = Date.now();
    if (!untriggered) await query.execute(k);
    else
      await k.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await query.execute(trx);
      });
    log(`  ${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  log(`Generating ${size.clinics} clinics x ${size.patients} patients...`);
  await step('clear', sql`delete from tenants where subdomain like ${`${BENCH_PREFIX}%`}`);
  await step('plan', sql`insert into plans (type_en, type_ar, type_ckb, price, discount, max_users, max_visitings, max_storage_gb)
    select 'Bench', 'Bench', 'Bench', 1000, 0, 1000, 10000000, 1000 where not exists (select 1 from plans where type_en = 'Bench')`);
  await step('clinics', sql`insert into tenants (name, subdomain, username, gender, plan_id, status, subscription_start, subscription_end, created_at)
    select 'Dr. ' || (${arr(FIRST)})[1 + g % 30] || ' ' || (${arr(LAST)})[1 + (g * 7) % 20], 'bench-' || lpad(g::text, 4, '0'), 'doctor', g % 2,
           (select id from plans where type_en = 'Bench'), 0, current_date - 30, current_date + 335, now() - (g % 365) * interval '1 day'
    from generate_series(1, ${size.clinics}) g`);
  const benchTenants = sql`(select id from tenants where subdomain like ${`${BENCH_PREFIX}%`})`;
  await step('staff', sql`insert into tenant_users (tenant_id, name, username, role, password_hash)
    select t.id, u.name, u.username, u.role, (select password_hash from users where username = 'owner')
    from tenants t cross join (values ('Doctor', 'doctor', 0), ('Secretary', 'secretary', 2)) as u(name, username, role)
    where t.id in ${benchTenants}`);
  await step('permissions', sql`insert into user_permissions (tenant_id, user_id, permission_id)
    select u.tenant_id, u.id, p.id from tenant_users u cross join permissions p
    where u.tenant_id in ${benchTenants} and u.role = 2 and p.table_name in ('patients', 'appointments')`);
  // The file numbers given here and their counters set once: the per-row numbering trigger updates
  // one counter row per clinic for every patient, which in a single statement grows quadratically
  // (a million patients took tens of minutes). The row-change announcements are skipped with it:
  // nobody listens while the data is made (nor do devices: what they sync from is the rows, the
  // change log only what follows), so the clinics' other rows are made without them too.
  await step('patients', sql`with made as (insert into patients (tenant_id, file_number, name, gender, date_of_birth, phone, national_id, blood_group, address, created_at)
    select t.id, g, (${arr(FIRST)})[1 + (g * 31 + t.id) % 30] || ' ' || (${arr(LAST)})[1 + (g * 17 + t.id * 3) % 20], g % 2,
           date '1940-01-01' + ((g * 7919 + t.id) % 29000)::int, '+964 750 ' || lpad(((t.id * 100003 + g * 7919) % 10000000)::text, 7, '0'),
           (199000000000 + t.id * 100000 + g)::text, (g % 8), 'Salim Street, Sulaymaniyah', now() - ((g * 13) % 720)::int * interval '1 hour'
    from tenants t cross join generate_series(1, ${size.patients}) g where t.id in ${benchTenants} returning tenant_id)
    insert into record_numbers as r (tenant_id, name, last) select tenant_id, 'patients.file_number', count(*) from made group by tenant_id
    on conflict (tenant_id, name) do update set last = greatest(r.last, excluded.last)`, true);
  // Fresh statistics before joining the new rows: with a stale count of patients the planner can
  // pick a plan that takes tens of minutes instead of one.
  await step('analyze patients', sql`analyze patients, tenant_users`);
  await step('appointments', sql`insert into appointments (tenant_id, patient_id, doctor_id, date, time, duration_minutes, status, is_paid, amount, paid_amount)
    select p.tenant_id, p.id, d.id, current_date - 60 + (p.id % 90)::int, time '08:00' + ((p.id / 90) % 36)::int * interval '15 minutes', 15,
           case when p.id % 90 < 60 then 6 else 0 end, p.id % 90 < 60, 20000, case when p.id % 90 < 60 then 20000 else 0 end
    from patients p join tenant_users d on d.tenant_id = p.tenant_id and d.role = 0
    where p.tenant_id in ${benchTenants}`, true);
  await step('analyze appointments', sql`analyze appointments`);
  await step('visits', sql`insert into visitings (tenant_id, patient_id, appointment_id, doctor_id, date, chief_complaint, physician_diagnosis, prescriptions, fee, paid_amount)
    select a.tenant_id, a.patient_id, a.id, a.doctor_id, a.date, 'Headache for three days', 'Tension-type headache',
           '[{"drug_id": 1, "name": "Paracetamol", "dose": "500 mg", "frequency": "Every 8 hours", "duration": "3 days"}]', 20000, 20000
    from appointments a where a.tenant_id in ${benchTenants} and a.status = 6`, true);
  await step('vital signs', sql`insert into vital_signs (tenant_id, patient_id, measured_at, heart_rate, systolic, diastolic, weight, height, bmi)
    select p.tenant_id, p.id, p.created_at, (60 + p.id % 40)::int, (110 + p.id % 40)::int, (70 + p.id % 20)::int, 55 + p.id % 45, 150 + p.id % 40,
           round(((55 + p.id % 45) / ((150 + p.id % 40) / 100.0) ^ 2)::numeric, 1)
    from patients p where p.tenant_id in ${benchTenants}`, true);
  await step('analyze visits', sql`analyze visitings`);
  await step('incomes', sql`insert into incomes (tenant_id, amount, date, category, note, patient_id, visiting_id)
    select v.tenant_id, v.paid_amount, v.date, 'Visit', 'Visit fee', v.patient_id, v.id from visitings v where v.tenant_id in ${benchTenants}`, true);
  await step('expenses', sql`insert into expenses (tenant_id, amount, date, category, note)
    select t.id, 750000, (date_trunc('month', current_date) - m * interval '1 month')::date + 1, 'Rent', 'Clinic rent'
    from tenants t cross join generate_series(0, 11) m where t.id in ${benchTenants}`);
  await step('analyze', sql`analyze`);
  log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

const isMain = process.argv[1]?.endsWith('generate.ts');
if (isMain) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const databaseUrl = process.env.DATABASE_URL;
  const { db } = await prepareDatabase({ databaseUrl, dataDir: process.env.DATA_DIR ?? 'bench/.data', seedDemo: 'always' }, console);
  const small = !databaseUrl;
  await generate(db, { clinics: arg('clinics', small ? 5 : 200), patients: arg('patients', small ? 500 : 5000) }, process.argv.includes('--fresh'));
  await db.close();
}
