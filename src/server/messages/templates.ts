// The words of a message to a patient: the clinic's own template for its kind and the patient's
// language (resources/messages/ `messageTemplates`), else the platform's (locales
// `outbox.defaults`), with the booking's details filled in.
import { MESSAGE_KIND } from '../../shared/enums';
import type { ResourceHooks } from '../engine/hooks';
import { invalidField } from '../http/errors';
import { type Lang, translate } from '../i18n';

export const PLACEHOLDERS = ['patient', 'clinic', 'doctor', 'date', 'time', 'link'] as const;
export type MessageVars = Record<(typeof PLACEHOLDERS)[number], string>;

export const KIND_NAMES: Record<number, keyof typeof MESSAGE_KIND> = Object.fromEntries(Object.entries(MESSAGE_KIND).map(([name, value]) => [value, name])) as Record<number, keyof typeof MESSAGE_KIND>;

// The locale texts name the placeholders as a clinic's template does: given themselves, they stay.
const AS_WRITTEN = Object.fromEntries(PLACEHOLDERS.map((p) => [p, `{{${p}}}`]));
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The platform's text of a kind in a language. */
export function defaultTemplate(lang: Lang, kind: number): string {
  return translate(lang, `outbox.defaults.${KIND_NAMES[kind]}`, AS_WRITTEN);
}

/** The template with its placeholders filled; a placeholder without a value is left out. */
export function fillTemplate(template: string, vars: Partial<MessageVars>): string {
  return template.replace(PLACEHOLDER, (_all, name: string) => vars[name as keyof MessageVars] ?? '').replace(/[ \t]{2,}/g, ' ').trim();
}

/** The subject of an e-mailed message. */
export function subjectOf(lang: Lang, kind: number, clinic: string): string {
  return translate(lang, `outbox.subjects.${KIND_NAMES[kind]}`, { clinic });
}

/** A clinic's template may name only the placeholders the server fills (a typo would reach patients as is). */
function checkPlaceholders(body: unknown): void {
  if (typeof body !== 'string') return;
  for (const [, name] of body.matchAll(PLACEHOLDER)) {
    if (!(PLACEHOLDERS as readonly string[]).includes(name)) throw invalidField('body', 'validation.unknownPlaceholder', { name, allowed: PLACEHOLDERS.map((p) => `{{${p}}}`).join(' ') });
  }
}

export const messageTemplateHooks: ResourceHooks = {
  beforeCreate: (_ctx, input) => checkPlaceholders(input.body),
  beforeUpdate: (_ctx, input) => checkPlaceholders(input.body),
};
