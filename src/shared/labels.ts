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

/**
 * The translation key of a coded value (FieldDef.labels): `{}` is the value, `{name}` the record's
 * field `name`; null when a field it names is empty (then the code shows as it is).
 */
export function codeLabelKey(template: string, value: unknown, record?: Record<string, unknown>): string | null {
  let missing = false;
  const key = template.replace(/\{([a-z_]*)\}/gi, (_m, name: string) => {
    if (!name) return String(value);
    const other = record?.[name];
    if (other === null || other === undefined || other === '') missing = true;
    return String(other);
  });
  return missing ? null : key;
}

/**
 * What a person reads for a stored value that is a code: an enum's label, a declared label
 * (FieldDef.labels), else the value as it is. One rule for lists, details, titles and exports.
 */
export function valueLabel(t: Translate, field: FieldDef, value: unknown, record?: Record<string, unknown>): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.enum) return enumLabel(t, field, value);
  if (field.labels && field.type !== 'boolean') {
    const key = codeLabelKey(field.labels, value, record);
    return key ? t(key, String(value)) : String(value);
  }
  return String(value);
}

/** Whether a field's values are codes shown through a label (enum or declared labels). */
export function isCoded(field: FieldDef): boolean {
  return !!field.enum || (!!field.labels && field.type !== 'boolean');
}

/** The resource a `recordOf` field's id belongs to, for this record. */
export function recordResource(field: FieldDef, record: Record<string, unknown>): string | null {
  if (!field.recordOf) return null;
  if ('resource' in field.recordOf) return field.recordOf.resource;
  const named = record[field.recordOf.field];
  return typeof named === 'string' && named ? named : null;
}

/** Where a field's value finds its title in an answer's `labels[field]`: the id, or `<resource>:<id>` (recordOf). */
export function recordLabelKey(field: FieldDef, value: unknown, record: Record<string, unknown>): string {
  const resource = recordResource(field, record);
  return resource ? `${resource}:${String(value)}` : String(value);
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

/**
 * A list of field names (FieldDef.fieldsOf) as a reader reads it: each by its label in `def` (the
 * resource the record names), a name `def` does not declare (a permission, a bookkeeping column)
 * as it is.
 */
export function fieldNamesText(t: Translate, names: unknown[], def: ResourceDef | undefined): string[] {
  return names.map((n) => {
    const name = String(n);
    return def && name in def.fields ? fieldLabel(t, def, name) : name;
  });
}
