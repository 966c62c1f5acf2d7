// Demo landing content: the platform's page and the demo clinic's page, in the three languages.
import { type Transaction, sql } from 'kysely';
import type { Database } from './schema';

type Texts = [en: string, ar: string, ckb: string];

async function section(trx: Transaction<Database>, key: string, title: Texts, description: Texts): Promise<void> {
  await sql`update landing_sections set title_en = ${title[0]}, title_ar = ${title[1]}, title_ckb = ${title[2]},
            description_en = ${description[0]}, description_ar = ${description[1]}, description_ckb = ${description[2]} where key = ${key}`.execute(trx);
}

async function item(trx: Transaction<Database>, kind: string, position: number, title: Texts, description: Texts, icon: string): Promise<void> {
  await sql`insert into landing_items (kind, position, title_en, title_ar, title_ckb, description_en, description_ar, description_ckb, icon)
            values (${kind}, ${position}, ${title[0]}, ${title[1]}, ${title[2]}, ${description[0]}, ${description[1]}, ${description[2]}, ${icon})`.execute(trx);
}

export async function seedLanding(trx: Transaction<Database>, tenantIds: number[]): Promise<void> {
  await section(
    trx,
    'hero',
    ['Your clinic’s digital secretary', 'السكرتير الرقمي لعيادتك', 'سکرتێری دیجیتاڵی کلینیکەکەت'],
    [
      'Appointments, patients, visits, prescriptions and accounts in one place, in Kurdish, Arabic and English.',
      'المواعيد والمرضى والزيارات والوصفات والحسابات في مكان واحد، بالكردية والعربية والإنجليزية.',
      'چاوپێکەوتن، نەخۆش، سەردان، ڕەچەتە و حیسابات لە یەک شوێندا، بە کوردی، عەرەبی و ئینگلیزی.',
    ],
  );
  await section(
    trx,
    'about',
    ['Made for doctors', 'مصمم للأطباء', 'بۆ دکتۆران دروستکراوە'],
    [
      'A subscription platform for licensed professionals. Your data is encrypted, yours to export at any time, and never accessed without your consent.',
      'منصة باشتراك للمهنيين المرخصين. بياناتك مشفرة، ويمكنك طلب نسخة منها في أي وقت، ولا يطلع عليها أحد دون موافقتك.',
      'پلاتفۆرمێکی بەشداریکردنە بۆ پیشەگەرانی مۆڵەتپێدراو. زانیارییەکانت شفرە کراون، هەر کاتێک دەتوانیت کۆپییەکیان وەربگریت، و بەبێ ڕەزامەندیت کەس دەستیان پێناگات.',
    ],
  );
  await section(trx, 'feature', ['Everything the clinic needs', 'كل ما تحتاجه العيادة', 'هەموو ئەوەی کلینیک پێویستیەتی'], ['', '', '']);
  await section(trx, 'plan', ['Plans', 'الخطط', 'پلانەکان'], ['Priced per year, hosting and support included.', 'الأسعار سنوية وتشمل الاستضافة والدعم.', 'نرخەکان ساڵانەن و هۆستینگ و پشتگیری لەخۆدەگرن.']);
  await section(trx, 'contact_info', ['Contact us', 'اتصل بنا', 'پەیوەندیمان پێوە بکە'], ['Sulaymaniyah, Kurdistan Region', 'السليمانية، إقليم كوردستان', 'سلێمانی، هەرێمی کوردستان']);
  await sql`update landing_sections set email = 'hello@clinic.example', phone = '+9647700000000', facebook_url = 'https://facebook.com/clinic.platform' where key = 'contact_info'`.execute(trx);
  // Sections without content yet stay hidden until an editor fills them.
  await sql`update landing_sections set is_visible = false where title_en is null`.execute(trx);

  await item(trx, 'feature', 1, ['Appointments', 'المواعيد', 'چاوپێکەوتنەکان'], ['Book, queue and follow every patient of the day.', 'احجز ونظم طابور مرضى اليوم وتابعهم.', 'نەخۆشەکانی ڕۆژ تۆمار بکە، ڕیزیان بکە و بەدوایاندا بچۆ.'], 'calendar');
  await item(trx, 'feature', 2, ['Visits and prescriptions', 'الزيارات والوصفات', 'سەردان و ڕەچەتە'], ['Record findings and print prescriptions in the patient’s language.', 'سجل النتائج واطبع الوصفات بلغة المريض.', 'دۆزینەوەکان تۆمار بکە و ڕەچەتە بە زمانی نەخۆش چاپ بکە.'], 'medicine-box');
  await item(trx, 'feature', 3, ['Accounting', 'المحاسبة', 'ژمێریاری'], ['Incomes, expenses and monthly profit at a glance.', 'الإيرادات والمصاريف والربح الشهري بلمحة.', 'داهات، خەرجی و قازانجی مانگانە بە یەک سەیرکردن.'], 'dollar');

  for (const tenantId of tenantIds) {
    await sql`insert into tenant_landing_pages (tenant_id, title_en, title_ar, title_ckb, subtitle_en, subtitle_ar, subtitle_ckb, about_en, about_ar, about_ckb)
      select id, name, name, name, 'Internal medicine clinic', 'عيادة الباطنية', 'کلینیکی نەخۆشییە ناوەکییەکان',
             'Care for adults: chronic diseases, check-ups and follow-up.', 'رعاية البالغين: الأمراض المزمنة والفحوصات والمتابعة.', 'چاودێری گەورەساڵان: نەخۆشییە درێژخایەنەکان، پشکنین و بەدواداچوون.'
      from tenants where id = ${tenantId}`.execute(trx);
  }
  const [demo] = tenantIds;
  await sql`insert into tenant_solutions (tenant_id, position, title_en, title_ar, title_ckb) values
    (${demo}, 1, 'Diabetes follow-up', 'متابعة السكري', 'بەدواداچوونی شەکرە'),
    (${demo}, 2, 'Blood pressure control', 'ضبط ضغط الدم', 'کۆنترۆڵی پەستانی خوێن')`.execute(trx);
  await sql`insert into tenant_highlights (tenant_id, position, title_en, title_ar, title_ckb) values
    (${demo}, 1, '12 years of experience', '12 سنة من الخبرة', '12 ساڵ ئەزموون')`.execute(trx);
}
