// Valid inputs generated from a declaration, so table-driven tests cover every resource the
// registry has, including ones declared after these tests were written.
import { enumValues } from '../../src/shared/enums';
import { type FieldDef, type ResourceDef, writableFields } from '../../src/shared/resource';

let counter = 0;
// One random base per test process and a counter on top: samples never repeat a unique value
// within a process (a random number per sample did, now and then).
const base = Math.floor(Math.random() * 1e6);

function sampleValue(name: string, field: FieldDef, n: number, relations: Record<string, number>): unknown {
  if (field.default !== undefined) return field.default;
  // What a form only sends on purpose (a payment taken with a booking, what a payment was for) is
  // left out of a record's sample: the record alone must be valid.
  if (field.nullable && (field.virtual || field.hideInForm)) return null;
  // An optional code of a given shape (a lab test's LOINC code) is left empty: a name is no code.
  if (field.nullable && field.pattern) return null;
  switch (field.type) {
    case 'string':
    case 'text':
      // One of its choices: a field unique with an enumeration (a template's language and kind) takes
      // the next one every fourth sample, so consecutive samples make different pairs.
      if (field.choices) return field.choices[Math.floor(n / 4) % field.choices.length];
      if (name === 'subdomain') return `clinic${n}`;
      if (name === 'username') return `user${n}`;
      return `${name} ${n}`.slice(0, field.maxLength ?? 100).padEnd(field.minLength ?? 0, 'x');
    case 'password':
      return 'a-long-enough-password';
    case 'email':
      return `person${n}@example.com`;
    case 'phone':
      // A valid Iraqi mobile number, different for every sample, as the API stores it (E.164).
      return `+964750${String(n % 1e7).padStart(7, '0')}`;
    case 'url':
      return `https://example.com/${n}`;
    case 'integer':
      // A unique number differs from sample to sample (an article's number in its law).
      if (field.unique) return (field.min ?? 1) + (n % ((field.max ?? 1e6) - (field.min ?? 1)));
      return field.min ?? 1;
    case 'number':
    case 'money':
      return Math.max(field.min ?? 0, 10);
    case 'boolean':
      return true;
    case 'date': {
      // A different day for every sample, so records with per-day rules (appointments) never clash,
      // and a past one (a birth date cannot be ahead): the days from 2020 to yesterday, in turn.
      // The counter runs on across the files of a test process (one module graph per worker).
      const days = Math.floor((Date.now() - Date.UTC(2020, 0, 1)) / 86_400_000) - 1;
      const day = new Date(Date.UTC(2020, 0, 1) + (counter % days) * 86_400_000);
      return day.toISOString().slice(0, 10);
    }
    case 'datetime':
      // A time that must lie ahead (a support grant's end): an hour from now.
      if (field.withinHours) return new Date(Date.now() + 3600_000).toISOString();
      return '2026-01-15T10:30:00.000Z';
    case 'time':
      // Times of day come in ordered pairs (a working day's start and end; a break, both ends or
      // none): required ones increase in declaration order, optional ones are left empty.
      return field.nullable ? null : '10:30';
    case 'enum': {
      const values = enumValues(field.enum ?? '');
      // A unique one (a doctor's day of the week) differs from sample to sample.
      if (field.unique) return values[n % values.length];
      // Roles: the most junior one, which every manager may assign.
      return values[values.length - 1];
    }
    case 'relation':
      return relations[field.relation?.resource ?? ''];
  }
}

/**
 * Fields a record holds only in another case than its sample's: a lab result's text is for a test
 * whose result is text, and the sample's test (the catalog's first) gives a number.
 */
const OTHER_CASE: Readonly<Record<string, readonly string[]>> = { labResults: ['value_text'] };

/** A complete valid create body; `relations` gives an existing id per related resource. */
export function sampleInput(def: ResourceDef, relations: Record<string, number> = {}): Record<string, unknown> {
  const n = base + ++counter;
  const sample = Object.fromEntries(writableFields(def).map(([name, f]) => [name, OTHER_CASE[def.name]?.includes(name) ? null : sampleValue(name, f, n, relations)]));
  let hour = 8;
  for (const [name, f] of writableFields(def)) if (f.type === 'time' && sample[name] !== null) sample[name] = `${String(hour++).padStart(2, '0')}:30`;
  return sample;
}

/** A valid partial update touching one plain field. */
export function sampleUpdate(def: ResourceDef, variant = 0): Record<string, unknown> {
  const plain = ([, f]: [string, FieldDef]) => ['string', 'text'].includes(f.type) && !f.unique && !f.pattern && !f.choices;
  // Without plain text (a doctor's working hours), an enumeration: its first value, where a sample has its last.
  const choice = ([, f]: [string, FieldDef]) => f.type === 'enum' && !f.unique && !f.assignable;
  const fields = writableFields(def).filter(([n]) => !OTHER_CASE[def.name]?.includes(n));
  const [name, field] = fields.find(plain) ?? fields.find(choice) ?? fields[0];
  if (!plain([name, field]) && field.type === 'enum') {
    const values = enumValues(field.enum ?? '');
    return { [name]: values[variant % values.length] };
  }
  return { [name]: sampleValue(name, field, ++counter, {}) };
}
