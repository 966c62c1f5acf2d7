// Client-side form rules derived from a field declaration (react-hook-form rules), with the
// messages of the locale files' `validation` section.
import type { RegisterOptions } from 'react-hook-form';
import type { FieldDef } from '../../shared/resource';
import type { Translate } from '../../shared/labels';
import { ApiError } from '../providers/http';
import { looksLikePhone } from '../../shared/phone-shape';

const STRING_TYPES = new Set(['string', 'text', 'email', 'phone', 'url', 'password']);
const NUMBER_TYPES = new Set(['integer', 'number', 'money']);
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export function fieldRules(t: Translate, field: FieldDef, mode: 'create' | 'edit'): RegisterOptions {
  const rules: RegisterOptions = {};
  const required = field.required && !(field.type === 'password' && mode === 'edit');
  if (required) rules.required = t('validation.required', 'This field is required');
  const validate: Record<string, (value: unknown) => true | string> = {};
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
  if (Object.keys(validate).length) rules.validate = validate;
  return rules;
}

/** A 422 refusal with no field to show it on (e.g. "can't edit until the request is completed"). */
export function formLevelError(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.statusCode !== 422) return null;
  return error.errors && Object.keys(error.errors).length ? null : error.message;
}
