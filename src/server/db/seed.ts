// Demo data (docs/product.md#demo-data): the platform's staff, the three sample plans, the clinic `demo`
// with its staff, permissions and realistic patients, and the suspended clinic `closed`.
import { nameIngredients, seedIngredients } from '../modules/ingredients';
import dayjs from 'dayjs';
import { type Kysely, sql } from 'kysely';
import { hashPassword } from '../auth/passwords';
import type { Database } from './schema';
import { seedClinicWork, seedPlatformSettings, seedSubscriptions } from './seed-clinic';
import { seedLabs } from './seed-labs';
import { seedStock } from './seed-stock';
import { seedLanding } from './seed-landing';

export const DEMO_PASSWORD = 'demo-pass-1234';

export const DEMO_ACCOUNTS = {
  central: [
    { username: 'owner', name: 'Aram Qadir', role: 0 },
    { username: 'admin', name: 'Shilan Hama', role: 1 },
    { username: 'service', name: 'Karwan Aziz', role: 2 },
    { username: 'developer', name: 'Dara Jalal', role: 3 },
  ],
  demo: [
    { username: 'doctor', name: 'Dr. Hawre Salih', role: 0 },
    { username: 'assistant', name: 'Dr. Rezhna Omer', role: 1 },
    { username: 'secretary', name: 'Nazdar Karim', role: 2 },
    { username: 'nurse', name: 'Bahar Rasul', role: 3 },
  ],
} as const;

/** Permission table names each demo role works on (only those the catalogue has are given). */
export const DEMO_GRANTS: Record<string, { tables: string[]; actions: string[] }[]> = {
  assistant: [{ tables: ['*'], actions: ['read', 'create', 'update', 'delete'] }],
  secretary: [
    { tables: ['patients', 'appointments'], actions: ['read', 'create', 'update', 'delete'] },
    { tables: ['drugs', 'visitings'], actions: ['read'] },
    // The desk takes payments and refunds them.
    { tables: ['payments'], actions: ['read', 'create', 'update'] },
    // ...and types in the laboratory's results.
    { tables: ['labOrders'], actions: ['read'] },
    { tables: ['labResults'], actions: ['read', 'create', 'update'] },
    // ...and records what comes in and what is dispensed; the Main Doctor keeps the items.
    { tables: ['stockItems', 'suppliers'], actions: ['read'] },
    { tables: ['stockMovements'], actions: ['read', 'create'] },
  ],
  nurse: [
    { tables: ['patients', 'drugs'], actions: ['read'] },
    { tables: ['vitalSigns', 'pastMedicalHistories', 'pastMedications', 'patientDiseases', 'allergies', 'patientAlerts'], actions: ['read', 'create', 'update', 'delete'] },
    { tables: ['commonDiseases'], actions: ['read'] },
    // The doctor orders the tests; the nurse enters their results.
    { tables: ['labOrders'], actions: ['read'] },
    { tables: ['labResults'], actions: ['read', 'create', 'update'] },
    { tables: ['stockItems', 'suppliers'], actions: ['read'] },
    { tables: ['stockMovements'], actions: ['read', 'create'] },
  ],
};

/** A small deterministic generator so every demo database looks the same. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const FIRST = { 0: ['Ahmad', 'Karwan', 'Hemin', 'Rebwar', 'Sirwan', 'Omar', 'Ali', 'Hussein', 'Dlshad', 'Zana', 'Bryar', 'Shwan'], 1: ['Shilan', 'Nazdar', 'Avin', 'Rozhin', 'Lana', 'Hana', 'Sara', 'Zhino', 'Tara', 'Bahar', 'Darya', 'Nigar'] } as const;
const LAST = ['Mahmood', 'Rasul', 'Salih', 'Kareem', 'Aziz', 'Hamad', 'Qadir', 'Othman', 'Mustafa', 'Jalal', 'Hassan', 'Abdullah', 'Faraj', 'Amin'];
const STREETS = ['Salim Street', 'Malik Mahmud Ring Road', 'Bakhtiyari', 'Azadi', 'Raparin', 'Sarchinar', 'Kani Askan', 'Tooy Malik'];
const DRUGS: [string, string, string, string][] = [
  ['Paracetamol', 'Acetaminophen', 'Tablet', '500 mg'],
  ['Amoxicillin', 'Amoxicillin', 'Capsule', '500 mg'],
  ['Augmentin', 'Amoxicillin / Clavulanic acid', 'Tablet', '1 g'],
  ['Ibuprofen', 'Ibuprofen', 'Tablet', '400 mg'],
  ['Omeprazole', 'Omeprazole', 'Capsule', '20 mg'],
  ['Metformin', 'Metformin hydrochloride', 'Tablet', '850 mg'],
  ['Amlodipine', 'Amlodipine besylate', 'Tablet', '5 mg'],
  ['Atorvastatin', 'Atorvastatin calcium', 'Tablet', '20 mg'],
  ['Salbutamol inhaler', 'Salbutamol', 'Inhaler', '100 mcg'],
  ['Cetirizine', 'Cetirizine hydrochloride', 'Tablet', '10 mg'],
  ['Azithromycin', 'Azithromycin', 'Tablet', '500 mg'],
  ['Diclofenac gel', 'Diclofenac sodium', 'Gel', '1%'],
  ['Losartan', 'Losartan potassium', 'Tablet', '50 mg'],
  ['Vitamin D3', 'Cholecalciferol', 'Capsule', '50,000 IU'],
  ['Ferrous sulfate', 'Ferrous sulfate', 'Tablet', '325 mg'],
  ['Ciprofloxacin', 'Ciprofloxacin', 'Tablet', '500 mg'],
  ['Prednisolone', 'Prednisolone', 'Tablet', '5 mg'],
  ['ORS sachet', 'Oral rehydration salts', 'Powder', '20.5 g'],
  // Brand names common at Iraqi pharmacies.
  ['Amoxil', 'Amoxicillin', 'Capsule', '500 mg'],
  ['Rocephin', 'Ceftriaxone', 'Injection', '1 g'],
  ['Keflex', 'Cefalexin', 'Capsule', '500 mg'],
  ['Brufen', 'Ibuprofen', 'Tablet', '400 mg'],
  ['Voltaren', 'Diclofenac sodium', 'Tablet', '50 mg'],
  ['Aspocid', 'Acetylsalicylic acid', 'Tablet', '75 mg'],
  ['Septrin', 'Co-trimoxazole', 'Tablet', '480 mg'],
  ['Zithromax', 'Azithromycin', 'Capsule', '250 mg'],
  ['Ciprobay', 'Ciprofloxacin', 'Tablet', '500 mg'],
  ['Tramal', 'Tramadol', 'Capsule', '50 mg'],
  ['Capoten', 'Captopril', 'Tablet', '25 mg'],
  ['Flagyl', 'Metronidazole', 'Tablet', '500 mg'],
  ['Panadol', 'Paracetamol', 'Tablet', '500 mg'],
];

/** What each drug of the demo catalog contains (names of the starting ingredient list). */
const DRUG_CONTENTS: Record<string, string[]> = {
  Paracetamol: ['Paracetamol'],
  Amoxicillin: ['Amoxicillin'],
  Augmentin: ['Amoxicillin', 'Clavulanic acid'],
  Ibuprofen: ['Ibuprofen'],
  Omeprazole: ['Omeprazole'],
  Metformin: ['Metformin'],
  Amlodipine: ['Amlodipine'],
  Atorvastatin: ['Atorvastatin'],
  'Salbutamol inhaler': ['Salbutamol'],
  Cetirizine: ['Cetirizine'],
  Azithromycin: ['Azithromycin'],
  'Diclofenac gel': ['Diclofenac'],
  Losartan: ['Losartan'],
  'Vitamin D3': ['Cholecalciferol'],
  'Ferrous sulfate': ['Ferrous sulfate'],
  Ciprofloxacin: ['Ciprofloxacin'],
  Prednisolone: ['Prednisolone'],
  'ORS sachet': ['Oral rehydration salts'],
  Amoxil: ['Amoxicillin'],
  Rocephin: ['Ceftriaxone'],
  Keflex: ['Cefalexin'],
  Brufen: ['Ibuprofen'],
  Voltaren: ['Diclofenac'],
  Aspocid: ['Acetylsalicylic acid'],
  Septrin: ['Sulfamethoxazole', 'Trimethoprim'],
  Zithromax: ['Azithromycin'],
  Ciprobay: ['Ciprofloxacin'],
  Tramal: ['Tramadol'],
  Capoten: ['Captopril'],
  Flagyl: ['Metronidazole'],
  Panadol: ['Paracetamol'],
};

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

export async function seedDemo(db: Kysely<Database>, now = new Date()): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(DEMO_ACCOUNTS.central.map((a) => ({ ...a, email: `${a.username}@clinic.example`, phone: null, password_hash: passwordHash }))).execute();

    const plans = await sql<{ id: number }>`
      insert into plans (type_en, type_ar, type_ckb, price, discount, recommended, max_users, max_visitings, max_cases, max_storage_gb, support, features_en, features_ar, features_ckb)
      values
        ('Basic', 'الأساسية', 'بنەڕەتی', 300, 50, false, 1, 1500, 25, 5, true, 'Hosting and support included', 'تشمل الاستضافة والدعم', 'هۆستینگ و پشتگیری لەخۆدەگرێت'),
        ('Pro', 'الاحترافية', 'پرۆ', 500, 50, true, 2, 2500, 100, 10, true, 'Hosting and support included', 'تشمل الاستضافة والدعم', 'هۆستینگ و پشتگیری لەخۆدەگرێت'),
        ('Team', 'الفريق', 'تیم', 800, 50, false, 3, 4000, 500, 15, true, 'Hosting and support included', 'تشمل الاستضافة والدعم', 'هۆستینگ و پشتگیری لەخۆدەگرێت')
      returning id`.execute(trx);
    const [, pro, team] = plans.rows.map((r) => r.id);

    const cities = await trx.insertInto('cities').values([
      { name_en: 'Sulaymaniyah', name_ar: 'السليمانية', name_ckb: 'سلێمانی' },
      { name_en: 'Erbil', name_ar: 'أربيل', name_ckb: 'هەولێر' },
      { name_en: 'Duhok', name_ar: 'دهوك', name_ckb: 'دهۆک' },
      { name_en: 'Halabja', name_ar: 'حلبجة', name_ckb: 'هەڵەبجە' },
      { name_en: 'Kirkuk', name_ar: 'كركوك', name_ckb: 'کەرکووک' },
    ]).returning(['id', 'name_en']).execute();
    const educations = await trx.insertInto('educations').values([
      { name_en: 'MBChB', name_ar: 'بكالوريوس طب وجراحة', name_ckb: 'بەکالۆریۆسی پزیشکی' },
      { name_en: 'Board certified specialist', name_ar: 'اختصاص بورد', name_ckb: 'پسپۆڕی بۆرد' },
      { name_en: 'Master of Science', name_ar: 'ماجستير', name_ckb: 'ماستەر' },
      { name_en: 'PhD', name_ar: 'دكتوراه', name_ckb: 'دکتۆرا' },
    ]).returning(['id']).execute();
    const cityId = (name: string) => cities.find((c) => c.name_en === name)!.id;

    const start = dayjs(now).subtract(2, 'month');
    const clinic = (name: string, subdomain: string, planId: number, status: number, skill: string, city: string) => ({
      name,
      subdomain,
      username: 'doctor',
      email: `${subdomain}@clinic.example`,
      phone: subdomain === 'demo' ? '+9647501234567' : '+9647707654321',
      gender: 0,
      skill,
      city_id: cityId(city),
      education_id: educations[1].id,
      experience_years: 12,
      plan_id: planId,
      status,
      subscription_start: start.format('YYYY-MM-DD'),
      subscription_end: start.add(1, 'year').format('YYYY-MM-DD'),
      // The demo clinic shows the legal-practice module; the operator switches it per clinic.
      module_legal: subdomain === 'demo',
    });
    const tenants = await trx
      .insertInto('tenants')
      .values([clinic('Dr. Hawre Salih', 'demo', team, 0, 'Internal medicine', 'Sulaymaniyah'), clinic('Dr. Sarwar Amin', 'closed', pro, 1, 'Dermatology', 'Erbil')])
      .returning(['id', 'subdomain'])
      .execute();
    const demoId = tenants.find((t) => t.subdomain === 'demo')!.id;
    const closedId = tenants.find((t) => t.subdomain === 'closed')!.id;
    await seedSubscriptions(trx, [demoId, closedId], now);
    await seedLanding(trx, [demoId, closedId]);

    const staff = await trx
      .insertInto('tenant_users')
      .values([
        ...DEMO_ACCOUNTS.demo.map((a) => ({ ...a, tenant_id: demoId, email: `${a.username}@demo.clinic.example`, phone: null, password_hash: passwordHash })),
        { tenant_id: closedId, username: 'doctor', name: 'Dr. Sarwar Amin', role: 0, email: null, phone: null, password_hash: passwordHash },
      ])
      .returning(['id', 'username', 'tenant_id'])
      .execute();

    const catalogue = await trx.selectFrom('permissions').select(['id', 'name', 'table_name']).execute();
    const grants = staff
      .filter((s) => s.tenant_id === demoId && DEMO_GRANTS[s.username])
      .flatMap((s) =>
        catalogue
          .filter((p) => DEMO_GRANTS[s.username].some((g) => (g.tables.includes('*') || g.tables.includes(p.table_name)) && g.actions.includes(p.name)))
          .map((p) => ({ tenant_id: demoId, user_id: s.id, permission_id: p.id })),
      );
    if (grants.length) await trx.insertInto('user_permissions').values(grants).execute();

    const rnd = random(42);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
    const patients = Array.from({ length: 80 }, (_, i) => {
      const gender = rnd() < 0.5 ? 0 : 1;
      const created = dayjs(now).subtract(Math.floor(rnd() * 60), 'day').subtract(Math.floor(rnd() * 600), 'minute');
      return {
        tenant_id: demoId,
        name: `${pick(FIRST[gender as 0 | 1])} ${pick(LAST)}`,
        gender,
        date_of_birth: dayjs(now).subtract(3 + Math.floor(rnd() * 75), 'year').subtract(Math.floor(rnd() * 365), 'day').format('YYYY-MM-DD'),
        // Stored as the API stores phones: E.164 (src/shared/phone.ts).
        phone: `+9647${pick(['50', '70', '71', '51'])}${String(100 + Math.floor(rnd() * 900))}${String(1000 + i * 37).slice(0, 4)}`,
        national_id: rnd() < 0.7 ? String(199000000000 + Math.floor(rnd() * 999999999)) : null,
        blood_group: rnd() < 0.8 ? Math.floor(rnd() * 8) : null,
        address: `${pick(STREETS)}, Sulaymaniyah`,
        created_at: created.toDate(),
        updated_at: created.toDate(),
      };
    });
    const patientIds = (await trx.insertInto('patients').values(patients).returning('id').execute()).map((p) => p.id);
    await trx.insertInto('drugs').values(DRUGS.map(([name, scientific_name, form, strength]) => ({ tenant_id: demoId, name, scientific_name, form, strength }))).execute();
    for (const t of tenants) await seedIngredients(trx, t.id);
    await nameIngredients(trx, demoId, DRUG_CONTENTS);
    const mainDoctor = staff.find((s) => s.tenant_id === demoId && s.username === 'doctor')!.id;
    await seedClinicWork(trx, demoId, mainDoctor, patientIds, now, rnd);
    await seedLabs(trx, demoId, patientIds, now);
    await seedStock(trx, demoId, now);
    await seedPlatformSettings(trx);
  });
}
