// Demo clinic work so every screen shows something: a month of appointments around today, vital
// signs, histories, catalogs, tasks, three months of incomes and expenses, services; and the
// platform's own settings.
import dayjs from 'dayjs';
import { type Transaction, sql } from 'kysely';
import type { Database } from './schema';
import { INCOME_SOURCE, PAYMENT_METHOD } from '../../shared/enums';
import { TENANT_ROLE } from '../../shared/roles';

type Rnd = () => number;

async function insert(trx: Transaction<Database>, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  const cols = Object.keys(rows[0]);
  await sql`insert into ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) values ${sql.join(
    rows.map((r) => sql`(${sql.join(cols.map((c) => r[c] ?? null))})`),
  )}`.execute(trx);
}

const CATALOGS: Record<string, string[]> = {
  common_diseases: ['Hypertension', 'Type 2 diabetes', 'Asthma', 'Hypothyroidism', 'Migraine', 'Gastritis', 'Iron-deficiency anaemia'],
  examinations: ['Complete blood count', 'Fasting blood sugar', 'HbA1c', 'Lipid profile', 'Thyroid function (TSH)', 'Urinalysis', 'Chest X-ray', 'ECG', 'Abdominal ultrasound'],
  life_styles: ['Low-salt diet', 'Walk 30 minutes daily', 'Stop smoking', 'Reduce sugar and white bread', 'Sleep 7–8 hours', 'Drink 2 litres of water a day'],
  physical_theraphies: ['Lower back exercises', 'Neck stretching', 'Knee strengthening', 'Shoulder mobility', 'Breathing exercises'],
};

const PRICES: [string, number][] = [
  ['Consultation', 25000],
  ['Follow-up visit', 10000],
  ['ECG', 15000],
  ['Wound dressing', 7500],
];

export async function seedClinicWork(trx: Transaction<Database>, tenantId: number, doctorId: number, patientIds: number[], now: Date, rnd: Rnd): Promise<void> {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const today = dayjs(now).startOf('day');

  for (const [table, names] of Object.entries(CATALOGS)) await insert(trx, table, names.map((name) => ({ tenant_id: tenantId, name })));
  // The price list: the clinic's services, for every doctor (a booking's service fills its amount).
  await insert(trx, 'prices', PRICES.map(([name, price]) => ({ tenant_id: tenantId, name, price })));

  // About six appointments a working day, two weeks back and two weeks ahead, 20 minutes apart.
  const appointments: Record<string, unknown>[] = [];
  for (let d = -14; d <= 14; d++) {
    const day = today.add(d, 'day');
    if (day.day() === 5) continue; // Friday: the clinic is closed
    const slots = 4 + Math.floor(rnd() * 4);
    for (let s = 0; s < slots; s++) {
      const minutes = 16 * 60 + s * 20;
      const past = d < 0 || (d === 0 && s < 2);
      const amount = pick([15000, 20000, 25000]);
      const paid = past && rnd() < 0.85;
      appointments.push({
        tenant_id: tenantId,
        patient_id: pick(patientIds),
        doctor_id: doctorId,
        date: day.format('YYYY-MM-DD'),
        time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
        duration_minutes: 20,
        origin: rnd() < 0.85 ? 0 : pick([1, 2]),
        type: rnd() < 0.7 ? 0 : 1,
        status: past ? pick([6, 6, 6, 6, 3, 4]) : d === 0 ? 1 : 0,
        // Today's waiting patients arrived a few minutes apart (the queue shows their minutes).
        checked_in_at: !past && d === 0 ? new Date(Date.now() - (slots - s) * 7 * 60_000) : null,
        is_paid: paid,
        amount,
        paid_amount: paid ? amount : 0,
      });
    }
  }
  await insert(trx, 'appointments', appointments);
  // Working hours (the calendar shades the rest): the Main Doctor in the evenings, Saturday to
  // Thursday, as private clinics in the region work; the other doctor mornings, with a break.
  const doctors = await sql<{ id: number }>`select id from tenant_users where tenant_id = ${tenantId} and role in (0, 1)`.execute(trx);
  const stretches = (id: number): [string, string][] => (id === doctorId ? [['16:00', '21:00']] : [['09:00', '11:30'], ['12:00', '14:00']]);
  await insert(
    trx,
    'working_hours',
    doctors.rows.flatMap((doctor) => [6, 0, 1, 2, 3, 4].flatMap((weekday) => stretches(doctor.id).map(([start_time, end_time]) => ({ tenant_id: tenantId, doctor_id: doctor.id, weekday, start_time, end_time })))),
  );

  await insert(
    trx,
    'vital_signs',
    patientIds.slice(0, 30).flatMap((patient_id) =>
      [60, 30, 2].map((daysAgo) => {
        const weight = Math.round(55 + rnd() * 45);
        const height = Math.round(150 + rnd() * 40);
        return {
          tenant_id: tenantId,
          patient_id,
          measured_at: today.subtract(daysAgo, 'day').add(17, 'hour').toDate(),
          body_temperature: Math.round((36.3 + rnd() * 1.2) * 10) / 10,
          heart_rate: 60 + Math.floor(rnd() * 35),
          respiratory_rate: 12 + Math.floor(rnd() * 8),
          systolic: 105 + Math.floor(rnd() * 45),
          diastolic: 65 + Math.floor(rnd() * 25),
          oxygen_saturation: 94 + Math.floor(rnd() * 6),
          weight,
          height,
          bmi: Math.round((weight / (height / 100) ** 2) * 10) / 10,
        };
      }),
    ),
  );

  await insert(
    trx,
    'past_medical_histories',
    patientIds.slice(0, 25).map((patient_id) => ({ tenant_id: tenantId, patient_id, condition: pick(CATALOGS.common_diseases), diagnosed_on: today.subtract(1 + Math.floor(rnd() * 10), 'year').format('YYYY-MM-DD'), is_chronic: rnd() < 0.6 })),
  );
  await insert(
    trx,
    'past_medications',
    patientIds.slice(0, 20).map((patient_id) => ({ tenant_id: tenantId, patient_id, drug_name: pick(['Metformin 850 mg', 'Amlodipine 5 mg', 'Levothyroxine 50 mcg', 'Salbutamol inhaler']), dose: '1 tablet', frequency: pick(['Once daily', 'Twice daily']), started_on: today.subtract(1 + Math.floor(rnd() * 3), 'year').format('YYYY-MM-DD') })),
  );

  const { rows: diseases } = await sql<{ id: number }>`select id from common_diseases where tenant_id = ${tenantId} order by id`.execute(trx);
  await insert(
    trx,
    'patient_diseases',
    patientIds.slice(0, 25).map((patient_id, i) => ({ tenant_id: tenantId, patient_id, common_disease_id: diseases[i % diseases.length].id, since: today.subtract(1 + Math.floor(rnd() * 10), 'year').format('YYYY-MM-DD'), is_controlled: rnd() < 0.7 })),
  );

  // A copy of the clinic's data asked for last month, long since expired (its file gone).
  const asked = today.subtract(35, 'day').hour(10).toDate();
  await insert(trx, 'exports', [
    { tenant_id: tenantId, requested_by: doctorId, lang: 'ckb', status: 'expired', progress: 100, size: 4_812_903, attempts: 1, created_at: asked, started_at: asked, finished_at: asked, expires_at: new Date(asked.getTime() + 86_400_000) },
  ]);

  await seedVisits(trx, tenantId, doctorId, appointments, rnd);
  // Earlier visit fees, before the appointment window, so past months have a result too.
  const earlier: Record<string, unknown>[] = [];
  for (let d = 90; d > 14; d--) {
    const day = today.subtract(d, 'day');
    if (day.day() === 5) continue;
    for (let v = 0; v < 3 + Math.floor(rnd() * 4); v++) {
      earlier.push({ tenant_id: tenantId, amount: pick([15000, 20000, 25000]), date: day.format('YYYY-MM-DD'), source: INCOME_SOURCE.manual, patient_id: pick(patientIds) });
    }
  }
  await insert(trx, 'incomes', earlier);
  const expenses: Record<string, unknown>[] = [];
  for (let m = 2; m >= 0; m--) {
    const month = today.subtract(m, 'month').startOf('month');
    expenses.push(
      { tenant_id: tenantId, amount: 750000, date: month.add(1, 'day').format('YYYY-MM-DD'), category: 'Rent', note: 'Clinic rent' },
      { tenant_id: tenantId, amount: 500000, date: month.add(27, 'day').format('YYYY-MM-DD'), category: 'Salaries', note: 'Secretary salary' },
      { tenant_id: tenantId, amount: 60000 + Math.floor(rnd() * 40) * 1000, date: month.add(10, 'day').format('YYYY-MM-DD'), category: 'Electricity', note: 'Generator and electricity' },
      { tenant_id: tenantId, amount: 90000 + Math.floor(rnd() * 60) * 1000, date: month.add(14, 'day').format('YYYY-MM-DD'), category: 'Supplies', note: 'Gloves, syringes, paper' },
    );
  }
  await insert(trx, 'expenses', expenses.filter((e) => String(e.date) <= today.format('YYYY-MM-DD')));

  await insert(trx, 'tasks', [
    { tenant_id: tenantId, title: 'Renew the medical waste contract', priority: 0, start_day: today.format('YYYY-MM-DD'), end_day: today.add(5, 'day').format('YYYY-MM-DD'), is_done: false },
    { tenant_id: tenantId, title: 'Order ECG paper', priority: 1, start_day: today.subtract(3, 'day').format('YYYY-MM-DD'), end_day: today.add(2, 'day').format('YYYY-MM-DD'), is_done: false },
    { tenant_id: tenantId, title: 'Call lab about HbA1c results', priority: 0, start_day: today.subtract(1, 'day').format('YYYY-MM-DD'), end_day: today.format('YYYY-MM-DD'), is_done: true },
    { tenant_id: tenantId, title: 'Service the blood pressure monitor', priority: 2, start_day: null, end_day: today.add(20, 'day').format('YYYY-MM-DD'), is_done: false },
  ]);

  await insert(trx, 'tenant_locations', [{ tenant_id: tenantId, name: 'Main clinic', address: 'Salim Street, near Azadi Park, Sulaymaniyah', phone: '+9647501234567', working_hours: 'Sat–Thu 16:00–21:00' }]);
  await insert(trx, 'tenant_links', [
    { tenant_id: tenantId, title: 'Facebook', url: 'https://facebook.com/dr.hawre.clinic', kind: 'social' },
    { tenant_id: tenantId, title: 'Instagram', url: 'https://instagram.com/dr.hawre.clinic', kind: 'social' },
  ]);
}

const COMPLAINTS: [string, string, string][] = [
  ['Headache for three days', 'Tension-type headache', 'Paracetamol'],
  ['Cough and fever', 'Acute bronchitis', 'Azithromycin'],
  ['Burning epigastric pain', 'Gastritis', 'Omeprazole'],
  ['Follow-up of blood pressure', 'Essential hypertension, controlled', 'Amlodipine'],
  ['Sore throat', 'Acute pharyngitis', 'Amoxicillin'],
  ['Lower back pain', 'Mechanical low back pain', 'Ibuprofen'],
  ['Tiredness', 'Iron-deficiency anaemia', 'Ferrous sulfate'],
];

/**
 * A visit for each appointment that was done, its drugs from the catalog, and the money as the
 * server would keep it (modules/payments.ts): the desk's payment is a row of the ledger with its
 * income, and the visit, paid the same, adds nothing.
 */
async function seedVisits(trx: Transaction<Database>, tenantId: number, doctorId: number, appointments: Record<string, unknown>[], rnd: Rnd): Promise<void> {
  const drugs = await trx.selectFrom('drugs').select(['id', 'name']).where('tenant_id', '=', tenantId).execute();
  const done = appointments.filter((a) => a.status === 6);
  const ids = await sql<{ id: number; date: string }>`select id, to_char(date, 'YYYY-MM-DD') as date from appointments where tenant_id = ${tenantId} and status = 6 order by date, time`.execute(trx);
  const visits = done.map((a, i) => {
    const [complaint, diagnosis, drugName] = COMPLAINTS[Math.floor(rnd() * COMPLAINTS.length)];
    const drug = drugs.find((d) => d.name === drugName) ?? drugs[0];
    return {
      tenant_id: tenantId,
      patient_id: a.patient_id,
      appointment_id: ids.rows[i]?.id ?? null,
      doctor_id: doctorId,
      date: a.date,
      chief_complaint: complaint,
      physician_diagnosis: diagnosis,
      examination_findings: 'Alert and oriented. Chest clear. Heart sounds normal.',
      prescriptions: JSON.stringify([{ drug_id: drug.id, name: drug.name, dose: '1 tablet', frequency: 'Twice daily', duration: '5 days', notes: null }]),
      fee: a.amount,
      paid_amount: a.is_paid ? a.amount : 0,
    };
  });
  if (!visits.length) return;
  const cols = Object.keys(visits[0]);
  await sql`insert into visitings (${sql.join(cols.map((c) => sql.ref(c)))})
    values ${sql.join(visits.map((v) => sql`(${sql.join(cols.map((c) => (v as Record<string, unknown>)[c]))})`))}`.execute(trx);
  // Each desk payment one row of the ledger (cash mostly, some by card or wallet), taken by the
  // secretary where the clinic has one, and its income.
  await sql`with made as (
      insert into payments (tenant_id, patient_id, amount, method, appointment_id, date, taken_by)
      select tenant_id, patient_id, paid_amount, (case when id % 7 = 0 then ${PAYMENT_METHOD.wallet} when id % 5 = 0 then ${PAYMENT_METHOD.card} else ${PAYMENT_METHOD.cash} end)::smallint, id, date,
        (select u.id from tenant_users u where u.tenant_id = ${tenantId} and u.role = ${TENANT_ROLE.secretary} order by u.id limit 1)
      from appointments where tenant_id = ${tenantId} and paid_amount > 0 order by date, time
      returning *)
    insert into incomes (tenant_id, amount, date, source, patient_id, appointment_id, payment_id)
    select tenant_id, amount, date, ${INCOME_SOURCE.appointment}::smallint, patient_id, appointment_id, id from made`.execute(trx);
}

export async function seedPlatformSettings(trx: Transaction<Database>): Promise<void> {
  await insert(trx, 'locations', [{ name: 'Head office', address: 'Sulaymaniyah, Kurdistan Region, Iraq', phone: '+9647700000000', working_hours: 'Sun–Thu 09:00–17:00' }]);
  await insert(trx, 'links', [{ title: 'Support', url: 'https://clinic.example/support', kind: 'support' }]);
  await insert(trx, 'agreements', [
    {
      position: 1,
      title_en: 'Terms and conditions',
      title_ar: 'الشروط والأحكام',
      title_ckb: 'مەرج و ڕێساکان',
      body_en: 'The platform is for licensed professionals, sold by subscription and used through web and mobile apps. Subscriber data is encrypted. A copy can be requested at any time. The provider does not access the data without consent. An account is suspended automatically if payment is not received within 30 days of registration or renewal.',
      body_ar: 'المنصة مخصصة للمهنيين المرخصين، وتباع بالاشتراك وتستخدم عبر تطبيقات الويب والهاتف. بيانات المشتركين مشفرة. يمكن طلب نسخة منها في أي وقت. لا يطلع المزود على البيانات دون موافقة. يعلق الحساب تلقائياً إذا لم يستلم الدفع خلال 30 يوماً من التسجيل أو التجديد.',
      body_ckb: 'ئەم پلاتفۆرمە بۆ پیشەگەرانی مۆڵەتپێدراوە، بە بەشداریکردن دەفرۆشرێت و لە ڕێگەی ئەپی وێب و مۆبایلەوە بەکاردێت. زانیارییەکانی بەشداربووان شفرە کراون. هەر کاتێک دەتوانرێت داوای کۆپییەک بکرێت. دابینکەر بەبێ ڕەزامەندی دەستی ناگاتە زانیارییەکان. ئەگەر لە ماوەی 30 ڕۆژ لە تۆمارکردن یان نوێکردنەوە پارە نەدرێت، هەژمارەکە خۆکارانە ڕادەگیرێت.',
    },
  ]);
}

/**
 * The demo clinics' subscriptions as they would be: the demo clinic paid its registration; the
 * closed clinic did not, and was suspended when 30 days had passed.
 */
export async function seedSubscriptions(trx: Transaction<Database>, [demoId, closedId]: number[], now: Date): Promise<void> {
  const start = dayjs(now).subtract(2, 'month');
  for (const tenantId of [demoId, closedId]) {
    await sql`insert into invoices (tenant_id, plan_id, kind, amount, issued_on, due_on, is_paid, paid_at)
      select id, plan_id, 'registration', (select round(price * (100 - discount) / 100, 2) from plans where plans.id = tenants.plan_id),
             ${start.format('YYYY-MM-DD')}, ${start.add(30, 'day').format('YYYY-MM-DD')}, ${tenantId === demoId}, ${tenantId === demoId ? start.add(3, 'day').toDate() : null}
      from tenants where id = ${tenantId}`.execute(trx);
    await sql`insert into plan_histories (tenant_id, plan_id, action, starts_on, ends_on, created_at)
      select id, plan_id, 'created', subscription_start, subscription_end, ${start.toDate()} from tenants where id = ${tenantId}`.execute(trx);
  }
  await sql`insert into plan_histories (tenant_id, plan_id, action, starts_on, ends_on, created_at)
    select id, plan_id, 'suspended', subscription_start, subscription_end, ${start.add(31, 'day').toDate()} from tenants where id = ${closedId}`.execute(trx);
}
