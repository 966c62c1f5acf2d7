// A platform invoice printed for filing: the server's sheet (src/server/modules/invoice-sheet.ts)
// in the language chosen (the doctor's; the screen's by default), under the platform's letterhead,
// laid out on A4 beside the app's root like the clinic's prints (print.css), then the print
// dialog. The platform's staff print from the invoices lists, a clinic from its settings.
import { type ReactNode, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Dropdown, Space } from 'antd';
import { DownOutlined, PrinterOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { type Lang, LANGUAGES, currentLang, fixedTranslate, loadLanguage } from '../../i18n';
import { useT } from '../../i18n/useT';
import { useAsk } from '../../engine/useAction';
import type { ListExtras } from '../../engine/ListPage';
import { formatMoney, isCurrency } from '../../../shared/money';
import { formatPhone } from '../../../shared/phone';
import { usePrintDialog } from '../clinic/usePrint';
import '../clinic/print.css';
import type { InvoiceSheet } from '../../../shared/invoiceSheet';

export type { InvoiceSheet } from '../../../shared/invoiceSheet';

/** A day or a period kept left to right inside the sheet's right-to-left text. */
const ltr = (text: string) => <bdi dir="ltr">{text}</bdi>;

export function InvoiceSheetPrint({ sheet, nonce }: { sheet: InvoiceSheet | null; nonce: number }) {
  const t = useMemo(() => fixedTranslate(sheet?.lang ?? 'ckb'), [sheet]);
  usePrintDialog(!!sheet, nonce);
  if (!sheet) return null;
  const money = (v: number) => formatMoney(v, isCurrency(sheet.currency) ? sheet.currency : 'USD', sheet.lang);
  const rows: [string, ReactNode, string][] = [
    [t('fields.plan_id', 'Plan'), <bdi key="plan">{sheet.plan ?? '—'}</bdi>, 'plan'],
    [t('invoices.sheet.kind', 'For'), <bdi key="kind">{sheet.kind}</bdi>, 'kind'],
    [t('invoices.sheet.period', 'Period'), sheet.period_start && sheet.period_end ? <>{ltr(sheet.period_start)} – {ltr(sheet.period_end)}</> : '—', 'period'],
    [t('invoices.sheet.price', 'Yearly price'), sheet.price === null ? '—' : <bdi>{money(sheet.price)}</bdi>, 'price'],
    [t('invoices.sheet.discount', 'Discount'), sheet.discount === null ? '—' : ltr(`${sheet.discount}%`), 'discount'],
    [t('invoices.sheet.due', 'Amount due'), <strong key="due"><bdi>{money(sheet.amount)}</bdi></strong>, 'due'],
    [t('fields.due_on', 'Due on'), ltr(sheet.due_on), 'due-on'],
    [t('fields.is_paid', 'Paid'), sheet.is_paid ? <>{t('invoices.isPaid.true', 'Paid')}{sheet.paid_at && <> · {ltr(sheet.paid_at)}</>}</> : t('invoices.isPaid.false', 'Unpaid'), 'paid'],
  ];
  return createPortal(
    <div className="print-root paper-a4" dir={sheet.lang === 'en' ? 'ltr' : 'rtl'} lang={sheet.lang} data-testid="print-invoice">
      <style>{'@media print { @page { size: A4; margin: 12mm; } }'}</style>
      <header>
        <div className="rx-head">
          <h1>{sheet.platform.name}</h1>
        </div>
        <div className="rx-contact">
          {sheet.platform.phone && <div>{ltr(sheet.platform.phone.startsWith('+') ? formatPhone(sheet.platform.phone) : sheet.platform.phone)}</div>}
          {sheet.platform.email && <div>{ltr(sheet.platform.email)}</div>}
          <div>{ltr(sheet.issued_on)}</div>
        </div>
      </header>
      <h2 className="rx-title">
        {t('invoices.sheet.title', 'Invoice')} <bdi dir="ltr" data-testid="print-invoice-number">{sheet.number}</bdi>
      </h2>
      <p>
        {t('invoices.sheet.to', 'To')}: <bdi>{sheet.doctor.name}</bdi> · {ltr(sheet.doctor.subdomain)}
      </p>
      <table className="rx-receipt">
        <tbody>
          {rows.map(([label, value, key]) => (
            <tr key={key} data-testid={`print-invoice-${key}`}>
              <th>{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}

/** "Print" with a choice of language: the sheet at `url` (its id's), then the print dialog. */
export function InvoicePrintButton({ url }: { url: string }) {
  const t = useT();
  const ask = useAsk();
  const [sheet, setSheet] = useState<InvoiceSheet | null>(null);
  const [nonce, setNonce] = useState(0);
  const [busy, setBusy] = useState(false);
  const print = async (lang: Lang) => {
    setBusy(true);
    try {
      const [answer] = await Promise.all([ask<{ data: InvoiceSheet }>(`${url}?lang=${lang}`), loadLanguage(lang)]);
      setSheet(answer.data);
      setNonce((n) => n + 1);
    } catch {
      // Already told to the user.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Space.Compact size="small">
        <Button size="small" icon={<PrinterOutlined />} loading={busy} onClick={() => void print(currentLang())} data-testid="print-invoice-button" aria-label={t('invoices.sheet.print', 'Print the invoice')} />
        <Dropdown
          trigger={['click']}
          menu={{ items: LANGUAGES.map((lang) => ({ key: lang, label: t(`lang.${lang}`, lang) })), onClick: ({ key }) => void print(key as Lang) }}
        >
          <Button size="small" icon={<DownOutlined />} aria-label={t('invoices.sheet.printIn', 'Print in another language')} />
        </Dropdown>
      </Space.Compact>
      <InvoiceSheetPrint sheet={sheet} nonce={nonce} />
    </>
  );
}

/** The platform's invoices lists: a print button on each row. */
export function invoiceExtras(): ListExtras {
  return { rowActions: (record: BaseRecord) => (record.id !== undefined ? <InvoicePrintButton url={`/invoices/${String(record.id)}/sheet`} /> : null) };
}
