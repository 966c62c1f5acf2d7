// How messages leave the platform: WhatsApp Business (the Cloud API's messages endpoint, or any
// gateway taking the same body), an SMS gateway over HTTP, and e-mail over SMTP. Each is on when
// its settings are given (docs/operations.md#mail-whatsapp-and-sms); with none that reaches a patient, the
// secretary sends the message from the screen (channel `manual`: a wa.me link).
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export const CHANNELS = ['whatsapp', 'sms', 'email', 'manual'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface Outgoing {
  /** E.164 phone, or an e-mail address. */
  to: string;
  text: string;
  /** E-mail only. */
  subject: string;
  /** The clinic's name: the e-mail's sender name. */
  clinic: string;
}

export interface Transport {
  /** Resolves with the provider's id of the message once it has taken it; throws when it did not. */
  send(message: Outgoing): Promise<string | null>;
}

export type Transports = Partial<Record<Exclude<Channel, 'manual'>, Transport>>;

const TIMEOUT_MS = 15_000;

/** A JSON POST with a bearer token; a refusal throws with the status and the start of the answer. */
async function postJson(url: string, token: string | undefined, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function whatsapp(url: string, token: string | undefined): Transport {
  return {
    async send(m) {
      const answer = await postJson(url, token, { messaging_product: 'whatsapp', recipient_type: 'individual', to: m.to.replace(/^\+/, ''), type: 'text', text: { preview_url: true, body: m.text } });
      const sent = (answer.messages as { id?: string }[] | undefined)?.[0]?.id;
      return sent ?? null;
    },
  };
}

function sms(url: string, token: string | undefined): Transport {
  return {
    async send(m) {
      const answer = await postJson(url, token, { to: m.to, text: m.text });
      return typeof answer.id === 'string' || typeof answer.id === 'number' ? String(answer.id) : null;
    },
  };
}

/** The address part of MAIL_FROM ("Clinic Platform <no-reply@x>" -> no-reply@x). */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

function email(smtpUrl: string, from: string): Transport {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(m) {
      const info = await transport.sendMail({ from: { name: m.clinic, address: addressOf(from) }, to: m.to, subject: m.subject, text: m.text });
      return info.messageId ?? null;
    },
  };
}

export function transportsFrom(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'whatsappUrl' | 'whatsappToken' | 'smsUrl' | 'smsToken'>): Transports {
  return {
    ...(config.whatsappUrl ? { whatsapp: whatsapp(config.whatsappUrl, config.whatsappToken) } : {}),
    ...(config.smsUrl ? { sms: sms(config.smsUrl, config.smsToken) } : {}),
    ...(config.smtpUrl ? { email: email(config.smtpUrl, config.mailFrom) } : {}),
  };
}

/**
 * The way a patient is reached: WhatsApp, then SMS, for a phone; e-mail for an address; by hand
 * (wa.me) for a phone when no transport takes it; null when the patient cannot be reached.
 */
export function channelFor(available: Transports, patient: { phone: string | null; email: string | null }): { channel: Channel; to: string } | null {
  if (patient.phone && available.whatsapp) return { channel: 'whatsapp', to: patient.phone };
  if (patient.phone && available.sms) return { channel: 'sms', to: patient.phone };
  if (patient.email && available.email) return { channel: 'email', to: patient.email };
  if (patient.phone) return { channel: 'manual', to: patient.phone };
  return null;
}
