// Below a payment's details: print its receipt (in the interface's language or another), and
// refund all or part of what is left of it (for who may update payments; the server checks the
// same and refuses more than is left, on the amount).
import { useState } from 'react';
import { Button, Input, Modal, Space } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { resourceByName } from '../../../../resources';
import { type Lang, currentLang, isLang, loadLanguage } from '../../i18n';
import { useT } from '../../i18n/useT';
import { type LetterheadAnswer, letterheadLines, plainLetterhead } from '../../../shared/letterhead';
import { MoneyInput } from '../../engine/MoneyInput';
import { resourceRule } from '../../engine/nav';
import { allows } from '../../engine/rules';
import { onFields, useAction, useAsk } from '../../engine/useAction';
import { useCurrency } from '../../providers/currency';
import { callerOf, useSession } from '../../providers/session';
import { FormField, FormLayout, useHandForm } from '../../engine/kit/form';
import { offlineSince } from '../../offline/link';
import { PrintButton } from './PrintButton';
import { type ReceiptModel, ReceiptPrint, receiptContent } from './ReceiptPrint';
import { issueVerification } from './lib/qr';
import type { IssuedDocument } from '../../../shared/printedDocuments';
import { isProvisional } from '../../engine/WaitingMark';

const payments = resourceByName('payments');
type Labels = Record<string, Record<string, string>>;
interface Refund {
  amount?: number | null;
  note?: string;
}
const REFUND_FIELDS = ['amount', 'note'] as const;

export function PaymentPanel({ record }: { record: BaseRecord }) {
  const t = useT();
  const session = useSession();
  const currency = useCurrency();
  const ask = useAsk();
  // A refused amount or note is said on its field.
  const { run, busy: saving } = useAction({ success: t('payments.refunded', 'Refunded'), failure: onFields, invalidates: [{ resource: 'payments', invalidates: ['list', 'many', 'detail'] }] });
  // Quiet: a receipt prints without its verification code when the server cannot give one.
  const { run: askCode } = useAction<{ data: IssuedDocument }>({ failure: false });
  const [model, setModel] = useState<ReceiptModel | null>(null);
  const [nonce, setNonce] = useState(0);
  const [refunding, setRefunding] = useState(false);
  // Its values go with the dialog (antd's preserve={false}): each refund starts empty.
  const { control, handleSubmit, showErrors } = useHandForm<Refund>({ fields: REFUND_FIELDS, shouldUnregister: true });
  const id = String(record.id);
  // A refund names the payment on the server: not before it landed.
  const mayRefund = Number(record.amount) > 0 && !isProvisional(record) && allows(callerOf(session), resourceRule(payments, 'update'));

  // In the patient's language unless another is chosen.
  const print = async (chosen?: Lang) => {
    const patientId = String(record.patient_id);
    const [one, letterhead, patient, balance] = await Promise.all([
      // Offline (a payment taken during a cut), the record as this screen has it from the device.
      offlineSince() ? { data: record as Record<string, unknown>, labels: undefined as Labels | undefined } : ask<{ data: Record<string, unknown>; labels?: Labels }>(`/payments/${id}`),
      ask<{ data: LetterheadAnswer }>('/settings/letterhead', { quiet: true }).then((r) => letterheadLines(r.data), () => null),
      ask<{ data: { name: string; file_number: number | null; language?: string } }>(`/patients/${patientId}`, { quiet: true }).then((r) => r.data, () => null),
      ask<{ data: { balance: number } }>(`/patients/${patientId}/balance`, { quiet: true }).then((r) => r.data.balance, () => null),
    ]);
    const lang = chosen ?? (patient?.language && isLang(patient.language) ? patient.language : currentLang());
    await loadLanguage(lang);
    const payment = one.data;
    const label = (field: string) => (payment[field] == null ? null : (one.labels?.[field]?.[String(payment[field])] ?? null));
    const receipt: ReceiptModel = {
      lang,
      currency,
      // Without it (offline for a moment) the receipt still prints, with the clinic's name alone.
      letterhead: letterhead ?? plainLetterhead(session.user?.tenant?.name ?? ''),
      payment,
      patient,
      balance,
      forDay: label('visiting_id') ?? label('appointment_id'),
      // Staff names are only labelled for who may read the staff: one's own is known anyway.
      takenBy: label('taken_by') ?? (Number(payment.taken_by) === session.user?.id ? (session.user?.name ?? null) : null),
    };
    // Its verification code (issue 40), when the server has the payment and answers.
    const verify = offlineSince() ? null : await issueVerification((url, values) => askCode({ url, values, meta: { quiet: true } }), `/payments/${id}/printed-documents`, { content: receiptContent(receipt) });
    setModel({ ...receipt, verify });
    setNonce((n) => n + 1);
  };

  const refund = async (values: Refund) => {
    try {
      await run({ url: `/payments/${id}/refund`, values: { amount: values.amount || undefined, note: values.note?.trim() || null } });
      setRefunding(false);
    } catch (err) {
      if (!showErrors(err)) throw err;
    }
  };
  const most = Number(record.amount);

  return (
    <>
      <Space wrap style={{ marginTop: 16 }}>
        <PrintButton testId="receipt-print" label={t('payments.print', 'Print receipt')} primary onPrint={(lang) => void print(lang)} />
        {mayRefund && (
          <Button icon={<RollbackOutlined />} data-testid="payment-refund" onClick={() => setRefunding(true)}>
            {t('payments.refund', 'Refund')}
          </Button>
        )}
      </Space>
      <Modal
        open={refunding}
        title={t('payments.refundTitle', 'Refund this payment')}
        okText={t('payments.refund', 'Refund')}
        cancelText={t('buttons.cancel', 'Cancel')}
        okButtonProps={{ loading: saving, danger: true, ...({ 'data-testid': 'payment-refund-ok' } as Record<`data-${string}`, string>) }}
        onCancel={() => setRefunding(false)}
        onOk={() => void handleSubmit(refund)().catch(() => undefined)}
        destroyOnHidden
      >
        <FormLayout>
          <FormField
            control={control}
            name="amount"
            htmlFor="refund-amount"
            label={t('payments.refundAmount', 'Amount to refund')}
            rules={{ validate: (v) => v === null || v === undefined || (v >= 0.01 && v <= most) || t('validation.range', { min: 0.01, max: most }) }}
          >
            {(f) => <MoneyInput id="refund-amount" style={{ width: '100%' }} placeholder={String(record.amount)} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
          </FormField>
          <FormField control={control} name="note" htmlFor="refund-note" label={t('fields.note', 'Note')}>
            {(f) => <Input id="refund-note" maxLength={300} value={f.value ?? ''} onChange={f.onChange} onBlur={f.onBlur} />}
          </FormField>
        </FormLayout>
      </Modal>
      <ReceiptPrint model={model} nonce={nonce} />
    </>
  );
}
