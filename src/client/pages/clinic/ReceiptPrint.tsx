// A payment's (or a refund's) printed receipt, in the language chosen at print time, on the
// clinic's paper under its letterhead: the receipt number, who paid, the sum and how, what for,
// what the patient still owes after it, and a line for the signature of who took it. Rendered
// beside the app's root like the prescription (print.css), then the print dialog is opened.
import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import { resourceByName } from '../../../../resources';
import { type Lang, fixedTranslate } from '../../i18n';
import { enumLabel, fieldLabel } from '../../../shared/labels';
import { type Currency, formatMoney } from '../../../shared/money';
import type { Letterhead } from '../../../shared/letterhead';
import { formatPhone } from '../../../shared/phone';
import { usePrintDialog } from './usePrint';
import { VerifyQr } from './VerifyQr';
import type { PrintVerification } from './lib/qr';
import './print.css';

const payments = resourceByName('payments');
const patients = resourceByName('patients');

export interface ReceiptModel {
  lang: Lang;
  currency: Currency;
  letterhead: Letterhead;
  payment: Record<string, unknown>;
  patient: { name: string; file_number: number | null } | null;
  /** What the patient still owes after it (null: not readable). */
  balance: number | null;
  /** The booking's or the visit's day it paid for. */
  forDay: string | null;
  takenBy: string | null;
  /** The verification code the receipt carries (issue 40), once the server gave one. */
  verify?: PrintVerification | null;
}

/** What the receipt says, its language aside: the content the server digests for its code. */
export function receiptContent(m: ReceiptModel): Record<string, unknown> {
  const p = m.payment;
  return {
    kind: 'receipt',
    clinic: m.letterhead.name,
    receipt_number: p.receipt_number ?? null,
    provisional_receipt: p.provisional_receipt ?? null,
    date: p.date ?? null,
    amount: Number(p.amount),
    currency: m.currency,
    method: p.method ?? null,
    patient: m.patient?.name ?? null,
    file_number: m.patient?.file_number ?? null,
    visiting_id: p.visiting_id ?? null,
    appointment_id: p.appointment_id ?? null,
    note: p.note ?? null,
    balance: m.balance,
  };
}

const phoneText = (phone: string) => (phone.startsWith('+') ? formatPhone(phone) : phone);

export function ReceiptPrint({ model, nonce }: { model: ReceiptModel | null; nonce: number }) {
  const t = useMemo(() => fixedTranslate(model?.lang ?? 'ckb'), [model]);
  usePrintDialog(!!model, nonce);
  if (!model) return null;
  const { payment, letterhead: head } = model;
  const money = (v: unknown) => formatMoney(v, model.currency, model.lang);
  const amount = Number(payment.amount);
  const provisional = payment.provisional_receipt == null ? null : String(payment.provisional_receipt);
  const refund = amount < 0;
  // The day isolated left to right inside the sentence (2032-01-05, never 05-01-2032 in Arabic).
  const day = model.forDay && `\u2066${model.forDay}\u2069`;
  const forText =
    payment.visiting_id != null && day
      ? t('payments.forVisit', { date: day })
      : payment.appointment_id != null && day
        ? t('payments.forBooking', { date: day })
        : t('payments.forBalance', 'Toward the balance');
  const dir = model.lang === 'en' ? 'ltr' : 'rtl';
  return createPortal(
    <div className={`print-root paper-${head.paper_size.toLowerCase()}`} dir={dir} lang={model.lang} data-testid="print-receipt" data-paper={head.paper_size}>
      <style>{`@media print { @page { size: ${head.paper_size}; margin: 8mm; } }`}</style>
      <header>
        {head.logo && <img className="rx-logo" src={head.logo} alt="" data-testid="print-logo" />}
        <div className="rx-head">
          <h1>{head.name}</h1>
          {head.specialty && <div>{head.specialty}</div>}
        </div>
        <div className="rx-contact">
          {head.address && <div><bdi>{head.address}</bdi></div>}
          {head.phone && <div><bdi dir="ltr">{phoneText(head.phone)}</bdi></div>}
          <div><bdi dir="ltr">{String(payment.date ?? '')}</bdi></div>
        </div>
      </header>
      <h2 className="rx-title">
        {refund ? t('payments.refundReceipt', 'Refund receipt') : t('payments.receipt', 'Receipt')} <bdi dir="ltr" data-testid="print-receipt-number">#{String(payment.receipt_number ?? provisional)}</bdi>
      </h2>
      {/* Taken during an internet cut: the device's number until the server's, then beside it. */}
      {provisional != null && (
        <p className="rx-provisional" data-testid="print-receipt-provisional">
          {payment.receipt_number == null ? t('payments.provisionalOnly', 'Provisional number: the clinic will number this receipt once the connection is back') : t('payments.provisionalRef', { number: `\u2066${String(provisional)}\u2069` })}
        </p>
      )}
      <table className="rx-receipt">
        <tbody>
          <tr>
            <th>{refund ? t('payments.paidTo', 'Paid back to') : t('payments.receivedFrom', 'Received from')}</th>
            <td>
              <bdi>{model.patient?.name ?? ''}</bdi>
              {model.patient?.file_number != null && (
                <>
                  {' · '}
                  {fieldLabel(t, patients, 'file_number')} <bdi dir="ltr">{model.patient.file_number}</bdi>
                </>
              )}
            </td>
          </tr>
          <tr>
            <th>{t('payments.sum', 'The sum of')}</th>
            <td data-testid="print-receipt-amount">
              <strong><bdi>{money(Math.abs(amount))}</bdi></strong> · {enumLabel(t, payments.fields.method, payment.method)}
            </td>
          </tr>
          <tr>
            <th>{t('payments.for', 'For')}</th>
            <td data-testid="print-receipt-for"><bdi>{forText}</bdi>{payment.note ? <> · <bdi>{String(payment.note)}</bdi></> : null}</td>
          </tr>
          {model.balance !== null && (
            <tr>
              <th>{t('payments.balanceAfter', 'Still owed')}</th>
              <td data-testid="print-receipt-balance"><bdi>{money(Math.max(0, model.balance))}</bdi></td>
            </tr>
          )}
        </tbody>
      </table>
      <footer className="rx-signature">
        <span>
          {t('payments.signature', 'Received by')}
          {model.takenBy && <>: <bdi>{model.takenBy}</bdi></>}
        </span>
      </footer>
      <VerifyQr verify={model.verify} t={t} />
    </div>,
    document.body,
  );
}
