// What the allergy check knows of medicines beyond their names (issue 32): the classes an active
// ingredient belongs to, the words a desk uses for a class in each language, the classes known to
// cross-react (a penicillin allergy makes a cephalosporin a caution), and the starting list of
// common ingredients every clinic's catalog is given (resources/ingredients.ts; the clinic adds its
// own). A class is the enumeration `drugClass` (labels: enums.drugClass.<n> in the locale files).

export const DRUG_CLASS = {
  penicillins: 0,
  cephalosporins: 1,
  carbapenems: 2,
  sulfonamides: 3,
  nsaids: 4,
  salicylates: 5,
  macrolides: 6,
  fluoroquinolones: 7,
  tetracyclines: 8,
  opioids: 9,
  aceInhibitors: 10,
  arbs: 11,
  iodinatedContrast: 12,
  aminoglycosides: 13,
  nitroimidazoles: 14,
} as const;

export type DrugClass = (typeof DRUG_CLASS)[keyof typeof DRUG_CLASS];

const C = DRUG_CLASS;

/**
 * The words naming each class in an allergy as recorded, in English, Arabic and Kurdish. Matched
 * as whole words once folded (shared/fold.ts), without the Arabic article and a Latin plural "s".
 */
export const CLASS_WORDS: Record<DrugClass, readonly string[]> = {
  [C.penicillins]: ['penicillin', 'beta lactam', 'بنسلين', 'بنسيلين', 'پەنسلین', 'پێنسلین', 'پنسلین'],
  [C.cephalosporins]: ['cephalosporin', 'سيفالوسبورين', 'سێفالۆسپۆرین'],
  [C.carbapenems]: ['carbapenem', 'كاربابينيم', 'کاربابینیم'],
  [C.sulfonamides]: ['sulfonamide', 'sulphonamide', 'sulfa', 'sulpha', 'sulfa drug', 'سلفا', 'سلفوناميد', 'سەلفا'],
  [C.nsaids]: ['nsaid', 'anti inflammatory', 'non steroidal anti inflammatory', 'مضادات الالتهاب', 'مضاد التهاب', 'دژە هەوکردن'],
  [C.salicylates]: ['aspirin', 'salicylate', 'اسبرين', 'أسبرين', 'ئەسپرین', 'ئەسپیرین'],
  [C.macrolides]: ['macrolide', 'ماكرولايد', 'ماکرۆلاید'],
  [C.fluoroquinolones]: ['fluoroquinolone', 'quinolone', 'كينولون', 'فلوروكينولون', 'کینۆلۆن'],
  [C.tetracyclines]: ['tetracycline', 'تتراسايكلين', 'تێتراسایکلین'],
  [C.opioids]: ['opioid', 'opiate', 'narcotic', 'أفيون', 'افيونات', 'مخدر', 'ئەفیوون'],
  [C.aceInhibitors]: ['ace inhibitor', 'acei', 'مثبط الانزيم المحول', 'مثبطات الانزيم المحول'],
  [C.arbs]: ['angiotensin receptor blocker', 'sartan', 'حاصرات مستقبلات الانجيوتنسين'],
  [C.iodinatedContrast]: ['contrast', 'iodine', 'iodinated contrast', 'صبغة', 'اليود', 'يود', 'ماددەی ڕەنگکەر', 'یۆد'],
  [C.aminoglycosides]: ['aminoglycoside', 'امينوغليكوزيد'],
  [C.nitroimidazoles]: ['nitroimidazole'],
};

/** Classes a patient allergic to the first is cautioned about (known cross-reactions). */
export const CROSS_REACTIONS: Partial<Record<DrugClass, readonly DrugClass[]>> = {
  [C.penicillins]: [C.cephalosporins, C.carbapenems],
  [C.cephalosporins]: [C.penicillins, C.carbapenems],
  [C.carbapenems]: [C.penicillins, C.cephalosporins],
  [C.salicylates]: [C.nsaids],
  [C.nsaids]: [C.salicylates],
  [C.aceInhibitors]: [C.arbs],
};

/** Common active ingredients and their class (null: none of the listed classes), given to every clinic. */
export const STARTER_INGREDIENTS: readonly (readonly [string, DrugClass | null])[] = [
  ['Amoxicillin', C.penicillins],
  ['Ampicillin', C.penicillins],
  ['Benzylpenicillin', C.penicillins],
  ['Phenoxymethylpenicillin', C.penicillins],
  ['Cloxacillin', C.penicillins],
  ['Flucloxacillin', C.penicillins],
  ['Piperacillin', C.penicillins],
  ['Clavulanic acid', null],
  ['Sulbactam', null],
  ['Tazobactam', null],
  ['Cefalexin', C.cephalosporins],
  ['Cefadroxil', C.cephalosporins],
  ['Cefuroxime', C.cephalosporins],
  ['Cefixime', C.cephalosporins],
  ['Ceftriaxone', C.cephalosporins],
  ['Cefotaxime', C.cephalosporins],
  ['Ceftazidime', C.cephalosporins],
  ['Cefazolin', C.cephalosporins],
  ['Meropenem', C.carbapenems],
  ['Imipenem', C.carbapenems],
  ['Sulfamethoxazole', C.sulfonamides],
  ['Sulfadiazine', C.sulfonamides],
  ['Trimethoprim', null],
  ['Ibuprofen', C.nsaids],
  ['Diclofenac', C.nsaids],
  ['Naproxen', C.nsaids],
  ['Mefenamic acid', C.nsaids],
  ['Meloxicam', C.nsaids],
  ['Piroxicam', C.nsaids],
  ['Ketorolac', C.nsaids],
  ['Indometacin', C.nsaids],
  ['Celecoxib', C.nsaids],
  ['Acetylsalicylic acid', C.salicylates],
  ['Azithromycin', C.macrolides],
  ['Clarithromycin', C.macrolides],
  ['Erythromycin', C.macrolides],
  ['Ciprofloxacin', C.fluoroquinolones],
  ['Levofloxacin', C.fluoroquinolones],
  ['Moxifloxacin', C.fluoroquinolones],
  ['Ofloxacin', C.fluoroquinolones],
  ['Doxycycline', C.tetracyclines],
  ['Tetracycline', C.tetracyclines],
  ['Minocycline', C.tetracyclines],
  ['Morphine', C.opioids],
  ['Codeine', C.opioids],
  ['Tramadol', C.opioids],
  ['Pethidine', C.opioids],
  ['Fentanyl', C.opioids],
  ['Oxycodone', C.opioids],
  ['Captopril', C.aceInhibitors],
  ['Enalapril', C.aceInhibitors],
  ['Lisinopril', C.aceInhibitors],
  ['Ramipril', C.aceInhibitors],
  ['Losartan', C.arbs],
  ['Valsartan', C.arbs],
  ['Candesartan', C.arbs],
  ['Iohexol', C.iodinatedContrast],
  ['Iopamidol', C.iodinatedContrast],
  ['Iodixanol', C.iodinatedContrast],
  ['Gentamicin', C.aminoglycosides],
  ['Amikacin', C.aminoglycosides],
  ['Metronidazole', C.nitroimidazoles],
  ['Tinidazole', C.nitroimidazoles],
  ['Paracetamol', null],
  ['Omeprazole', null],
  ['Metformin', null],
  ['Amlodipine', null],
  ['Atorvastatin', null],
  ['Salbutamol', null],
  ['Cetirizine', null],
  ['Prednisolone', null],
  ['Cholecalciferol', null],
  ['Ferrous sulfate', null],
  ['Oral rehydration salts', null],
];
