// Translation keys derived from declarations: resources.<name>.title,
// resources.<name>.fields.<field> (falling back to fields.<field>), enums.<enum>.<value>.
import type { FieldDef, ResourceDef } from './resource';

export type Translate = (key: string, options?: Record<string, unknown> | string, defaultMessage?: string) => string;

export function humanize(name: string): string {
  const words = name.replace(/_id$/, '').replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function resourceTitle(t: Translate, def: ResourceDef): string {
  return t(`resources.${def.name}.title`, humanize(def.name));
}

export function fieldLabel(t: Translate, def: ResourceDef, field: string): string {
  const specific = `resources.${def.name}.fields.${field}`;
  const own = t(specific, '');
  if (own) return own;
  return t(`fields.${field}`, humanize(field));
}

export function enumLabel(t: Translate, field: FieldDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return field.enum ? t(`enums.${field.enum}.${String(value)}`, String(value)) : String(value);
}

/** A unit in the reader's language where it is a word (minutes); symbols (kg, mmHg, %) stay as they are. */
export function unitLabel(t: Translate, unit: string): string {
  return t(`units.${unit.replace(/^\//, 'per_').replace(/[^a-z0-9_]/gi, '_')}`, unit);
}

/**
 * The title of a related record in the reader's language: a label field declared as `name_en`
 * or `type_en` reads `name_ar` / `name_ckb` when the record has it.
 */
/** Titles of related records, by relation field then id, as the API answers them beside rows. */
export type RelationLabels = Record<string, Record<string, string>>;

export function relationText(record: Record<string, unknown>, labelField: string, lang: string): string {
  const localized = labelField.endsWith('_en') ? record[`${labelField.slice(0, -3)}_${lang}`] : undefined;
  const value = typeof localized === 'string' && localized ? localized : record[labelField];
  return String(value ?? record.id ?? '');
}
