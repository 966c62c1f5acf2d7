// Sends one-time codes: by e-mail through SMTP_URL, or to the server log when no SMTP is set so a
// person running the demo can finish the recovery flow.
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { type Lang, translate } from '../i18n';

export interface CodeMailer {
  sendCode(to: { email: string | null; username: string }, code: string, lang: Lang): Promise<void>;
}

export function createMailer(smtpUrl: string | undefined, from: string, log: FastifyBaseLogger): CodeMailer {
  if (!smtpUrl) {
    return {
      async sendCode(to, code) {
        log.info({ username: to.username }, `Password recovery code for ${to.username}: ${code} (no SMTP_URL set, so it is logged instead of e-mailed)`);
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async sendCode(to, code, lang) {
      if (!to.email) return;
      await transport.sendMail({
        from,
        to: to.email,
        subject: translate(lang, 'mail.codeSubject'),
        text: translate(lang, 'mail.codeBody', { code, minutes: 10 }),
      });
    },
  };
}
