// On a lab order's page (issue 40): its results typed on one screen, one row per test (a number in
// any script's digits, or a text with the test's normal answers offered), each flagged as it is
// typed against the range for this patient (src/shared/labRanges.ts, the server judges again), all
// saved at once (PATCH /lab-orders/:id/results); and the results printed under the letterhead in
// the patient's language.
import { useEffect, useState } from 'react';
import { AutoComplete, Button, Card, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import type { BaseRecord, HttpError } from '@refinedev/core';
import { resourceByName } from '../../../../resources';
import { type Lang, fixedTranslate, loadLanguage } from '../../i18n';
import { useT } from '../../i18n/useT';
import { fieldLabel } from '../../../shared/labels';
import { type LabFlag, type RangeBand, ageInYears, labFlag, normalAnswers, rangeFor, rangeText, textFlag } from '../../../shared/labRanges';
import { type LetterheadAnswer, letterheadLines, plainLetterhead } from '../../../shared/letterhead';
import { NumberInput } from '../../engine/digitInputs';
import { useAction, useAsk } from '../../engine/useAction';
import { useCanDo } from '../../engine/useCanDo';
import { useSession } from '../../providers/session';
import { type LabSheetHead, LabSheet, type NamedTest, type PrintedName, type SheetPatient, TestName, sheetLang, sheetPatient, testName } from './LabSheet';
import { PrintButton } from './PrintButton';
import { clinicToday } from '../../engine/instant';

const results = resourceByName('labResults');
type Labels = Record<string, Record<string, string>>;
type Test = NamedTest & { id: number; name: string; result_kind: string; unit: string | null; low: string | null; high: string | null; ranges: RangeBand[] | null; answers: unknown };
type Result = { id: number; lab_test_id: number; value: string | number | null; value_text: string | null; unit: string | null; reference: string | null; flag: LabFlag | null; resulted_on: string | null };
type Typed = number | string | null;

const FLAG_COLOR: Record<LabFlag, string> = { low: 'blue', high: 'red', abnormal: 'red' };
const shown = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/** A result as the sheet and the table show it: its number or text. */
const resultText = (r: Pick<Result, 'value' | 'value_text'>): string => (r.value_text ? r.value_text : shown(r.value === null ? null : Number(r.value)));

interface Loaded {
  rows: Result[];
  names: Record<string, string>;
  tests: Record<number, Test>;
  patient: SheetPatient | null;
}

export function LabResultsEntry({ record }: { record: BaseRecord }) {
  const t = useT();
  const ask = useAsk();
  const canEnter = useCanDo(results, 'update');
  const { run, busy } = useAction<{ data: Result[] }>({ success: t('labResults.saved', 'Results saved'), failure: false });
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [typed, setTyped] = useState<Record<number, Typed>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const id = String(record.id);

  useEffect(() => {
    let live = true;
    void (async () => {
      const list = await ask<{ data: Result[]; labels?: Labels }>(`/${results.path}`, { query: { 'filter[lab_order_id]': id, per_page: 50, sort: 'id' } });
      const ids = [...new Set(list.data.map((r) => Number(r.lab_test_id)))];
      const [tests, patient] = await Promise.all([
        Promise.all(ids.map((testId) => ask<{ data: Test }>(`/lab-tests/${testId}`, { quiet: true }).then((r) => r.data, () => null))),
        ask<{ data: SheetPatient }>(`/patients/${String(record.patient_id)}`, { quiet: true }).then((r) => r.data, () => null),
      ]);
      if (!live) return;
      setLoaded({ rows: list.data, names: list.labels?.lab_test_id ?? {}, tests: Object.fromEntries(tests.filter((x): x is Test => !!x).map((x) => [x.id, x])), patient });
      setTyped(Object.fromEntries(list.data.map((r) => [r.id, r.value_text ?? (r.value === null ? null : Number(r.value))])));
    })();
    return () => {
      live = false;
    };
  }, [ask, id, record.patient_id]);

  if (!loaded?.rows.length) return null;
  const { rows, names, tests, patient } = loaded;
  const age = ageInYears(patient?.date_of_birth, clinicToday());
  const isText = (r: Result) => tests[r.lab_test_id]?.result_kind === 'text';
  const flagOf = (r: Result): LabFlag | null => {
    const test = tests[r.lab_test_id];
    if (!test) return r.flag;
    return isText(r) ? textFlag(typed[r.id], normalAnswers(test.answers)) : labFlag(typed[r.id], rangeFor(test, patient?.gender ?? null, age));
  };
  const referenceOf = (r: Result): string => {
    const test = tests[r.lab_test_id];
    if (!test) return shown(r.reference);
    return isText(r) ? normalAnswers(test.answers).join(' / ') : rangeText(rangeFor(test, patient?.gender ?? null, age));
  };

  const save = async () => {
    setErrors({});
    const body = rows.map((r) => (isText(r) ? { id: r.id, value_text: shown(typed[r.id]) || null } : { id: r.id, value: typed[r.id] === '' ? null : typed[r.id] }));
    try {
      const answer = await run({ url: `/lab-orders/${id}/results`, method: 'patch', values: { results: body }, invalidates: ['labResults'] });
      setLoaded({ ...loaded, rows: answer.data });
    } catch (error) {
      // A refused row is named results.<i>.<field>: its message under it.
      const fields = ((error as HttpError).errors ?? {}) as Record<string, unknown>;
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [rows[Number(k.split('.')[1])]?.id ?? 0, Array.isArray(v) ? v.join(' ') : shown(v)])));
    }
  };

  return (
    <Card size="small" title={t('labResults.enterTitle', 'Results')} style={{ marginTop: 16 }} data-testid="lab-results-entry">
      <Table<Result>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { key: 'test', title: fieldLabel(t, results, 'lab_test_id'), render: (_, r) => <bdi>{names[String(r.lab_test_id)] ?? tests[r.lab_test_id]?.name}</bdi> },
          {
            key: 'value',
            title: fieldLabel(t, results, 'value'),
            render: (_, r) => {
              const own = { 'aria-label': names[String(r.lab_test_id)] ?? fieldLabel(t, results, 'value'), 'data-testid': `lab-result-input-${r.lab_test_id}`, disabled: !canEnter, status: errors[r.id] ? ('error' as const) : undefined };
              return (
                <>
                  {isText(r) ? (
                    <AutoComplete {...own} style={{ minWidth: 160 }} value={shown(typed[r.id])} options={normalAnswers(tests[r.lab_test_id]?.answers).map((a) => ({ value: a }))} onChange={(v: string) => setTyped({ ...typed, [r.id]: v })} />
                  ) : (
                    <NumberInput {...own} dir="ltr" value={typeof typed[r.id] === 'number' ? (typed[r.id] as number) : null} onChange={(v) => setTyped({ ...typed, [r.id]: v ?? null })} />
                  )}
                  {errors[r.id] && <div className="ant-form-item-explain-error" data-testid="lab-result-error">{errors[r.id]}</div>}
                </>
              );
            },
          },
          { key: 'unit', title: fieldLabel(t, results, 'unit'), render: (_, r) => <bdi dir="ltr">{shown(tests[r.lab_test_id]?.unit ?? r.unit)}</bdi> },
          { key: 'reference', title: fieldLabel(t, results, 'reference'), render: (_, r) => <bdi dir="ltr">{referenceOf(r)}</bdi> },
          {
            key: 'flag',
            title: fieldLabel(t, results, 'flag'),
            render: (_, r) => {
              const flag = flagOf(r);
              return flag ? <Tag color={FLAG_COLOR[flag]} data-testid="lab-result-flag">{t(`labResults.flags.${flag}`, flag)}</Tag> : null;
            },
          },
        ]}
      />
      <Space wrap style={{ marginTop: 12 }}>
        {canEnter && (
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="lab-results-save">
            {t('labResults.saveAll', 'Save results')}
          </Button>
        )}
        <LabResultsPrintButton record={record} loaded={loaded} />
      </Space>
    </Card>
  );
}

interface SheetModel extends LabSheetHead {
  rows: { name: PrintedName; result: string; unit: string; reference: string; flag: LabFlag | null }[];
}

/** The results as saved (never what is typed and unsaved), printed in the patient's language or another. */
function LabResultsPrintButton({ record, loaded }: { record: BaseRecord; loaded: Loaded }) {
  const t = useT();
  const ask = useAsk();
  const session = useSession();
  const [model, setModel] = useState<SheetModel | null>(null);
  const [nonce, setNonce] = useState(0);
  const print = async (chosen?: Lang) => {
    const [letterhead, order] = await Promise.all([
      ask<{ data: LetterheadAnswer }>('/settings/letterhead', { quiet: true }).then((r) => letterheadLines(r.data), () => null),
      ask<{ data: BaseRecord; labels?: Labels }>(`/lab-orders/${String(record.id)}`, { quiet: true }).then((r) => r, () => null),
    ]);
    const { patient } = loaded;
    const lang = sheetLang(patient, chosen);
    await loadLanguage(lang);
    const dates = loaded.rows.map((r) => shown(r.resulted_on).slice(0, 10)).filter(Boolean).sort();
    const date = dates[dates.length - 1] ?? clinicToday();
    setModel({
      lang,
      letterhead: letterhead ?? plainLetterhead(session.user?.tenant?.name ?? ''),
      date,
      doctor: order?.data.doctor_id == null ? '' : (order.labels?.doctor_id?.[String(order.data.doctor_id)] ?? ''),
      ...sheetPatient(patient, dayjs(date)),
      rows: loaded.rows.map((r) => ({ name: testName(loaded.tests[r.lab_test_id], loaded.names[String(r.lab_test_id)] ?? loaded.tests[r.lab_test_id]?.name ?? '', lang), result: resultText(r), unit: shown(r.unit), reference: shown(r.reference), flag: r.flag })),
    });
    setNonce((n) => n + 1);
  };
  return (
    <>
      <PrintButton testId="lab-results-print" label={t('labResults.printResults', 'Print results')} onPrint={(lang) => void print(lang)} />
      <LabResultsSheet model={model} nonce={nonce} />
    </>
  );
}

function LabResultsSheet({ model, nonce }: { model: SheetModel | null; nonce: number }) {
  const t = fixedTranslate(model?.lang ?? 'ckb');
  return (
    <LabSheet head={model} nonce={nonce} testId="print-lab-results" titleKey="labResults.sheetTitle" title="Laboratory results">
      {model && (
        <>
          <table>
            <thead>
              <tr>
                {(['lab_test_id', 'value', 'unit', 'reference', 'flag'] as const).map((f) => (
                  <th key={f}>{fieldLabel(t, results, f)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {model.rows.map((r, i) => (
                <tr key={i} data-testid="lab-results-row">
                  <td><TestName name={r.name} /></td>
                  <td><strong><bdi dir={/^[-\d.]+$/.test(r.result) ? 'ltr' : undefined}>{r.result}</bdi></strong></td>
                  <td><bdi dir="ltr">{r.unit}</bdi></td>
                  <td><bdi dir="ltr">{r.reference}</bdi></td>
                  <td>{r.flag ? t(`labResults.flags.${r.flag}`, r.flag) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {model.doctor && (
            <footer className="rx-signature">
              <span className="rx-prescriber">{t('labOrders.orderedBy', 'Ordered by')}: <bdi>{model.doctor}</bdi></span>
            </footer>
          )}
        </>
      )}
    </LabSheet>
  );
}
