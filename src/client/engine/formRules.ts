// Client-side form rules derived from a field declaration (react-hook-form rules), with the
// messages of the locale files' `validation` section.
import type { RegisterOptions } from 'react-hook-form';
import type { FieldDef, ResourceDef } from '../../shared/resource';
import { type Translate, fieldLabel } from '../../shared/labels';
import { comparisonHolds, comparisonMessage, comparisonsOf } from '../../shared/checks';
import { ApiError } from '../providers/http';
import { looksLikePhone } from '../../shared/phone-shape';

const STRING_TYPES = new Set(['string', 'text', 'email', 'phone', 'url', 'password']);
const NUMBER_TYPES = new Set(['integer', 'number', 'money']);
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** `of`: the field's resource and name, for the declaration's comparisons between fields. */
export function fieldRules(t: Translate, field: FieldDef, mode: 'create' | 'edit', of?: { def: ResourceDef; name: string }): RegisterOptions {
  const rules: RegisterOptions = {};
  const required = field.required && !(field.type === 'password' && mode === 'edit');
  if (required) rules.required = t('validation.required', 'This field is required');
  const validate: Record<string, (value: unknown, values: unknown) => true | string> = {};
  if (required) validate.notBlank = (v) => !isBlank(v) || t('validation.required', 'This field is required');
  if (STRING_TYPES.has(field.type)) {
    if (field.minLength !== undefined)
      rules.minLength = { value: field.minLength, message: t('validation.minLength', { limit: field.minLength }) };
    if (field.maxLength !== undefined)
      rules.maxLength = { value: field.maxLength, message: t('validation.maxLength', { limit: field.maxLength }) };
    if (field.pattern) rules.pattern = { value: new RegExp(field.pattern), message: t('validation.pattern', 'Has an invalid format') };
    // A light check of the shape; the server reads the number itself and answers on the field.
    if (field.type === 'phone') validate.phone = (v) => isBlank(v) || looksLikePhone(String(v)) || t('validation.phone', 'Must be a valid phone number');
    if (field.type === 'email')
      validate.email = (v) => isBlank(v) || EMAIL_PATTERN.test(String(v)) || t('validation.email', 'Must be a valid e-mail address');
  }
  if (NUMBER_TYPES.has(field.type)) {
    // Both ends known: the message names the whole allowed range, as the server's does.
    const range = field.min !== undefined && field.max !== undefined ? t('validation.range', { min: field.min, max: field.max }) : null;
    if (field.min !== undefined) rules.min = { value: field.min, message: range ?? t('validation.minimum', { limit: field.min }) };
    if (field.max !== undefined) rules.max = { value: field.max, message: range ?? t('validation.maximum', { limit: field.max }) };
    if (field.type === 'integer')
      validate.integer = (v) => isBlank(v) || Number.isInteger(Number(v)) || t('validation.integer', 'Must be a whole number');
  }
  if (of) {
    // The server's own evaluator, on the form's values; a change to the other side checks this one again.
    const { def, name } = of;
    if (comparisonsOf(def, name).some((check) => check.field === name)) validate.compare = (_v, values) => comparisonProblem(t, def, name, values as Record<string, unknown>) ?? true;
    const deps = comparisonsOf(def, name).filter((check) => check.other === name).map((check) => check.field);
    if (deps.length) rules.deps = deps;
  }
  if (Object.keys(validate).length) rules.validate = validate;
  return rules;
}

/** What a form says on `name` when its values break one of the declaration's comparisons (null: none). */
export function comparisonProblem(t: Translate, def: ResourceDef, name: string, values: Record<string, unknown>): string | null {
  const broken = comparisonsOf(def, name).find((check) => check.field === name && !comparisonHolds(def, check, values));
  if (!broken) return null;
  const { key, other } = comparisonMessage(def, broken);
  return t(key, { other: fieldLabel(t, def, other) });
}

/** A 422 refusal with no field to show it on (e.g. "can't edit until the request is completed"). */
export function formLevelError(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.statusCode !== 422) return null;
  return error.errors && Object.keys(error.errors).length ? null : error.message;
}
