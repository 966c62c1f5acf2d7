// A patient's visits, newest first, each expandable, printable, editable and deletable in place;
// a visit without an appointment (a walk-in) can be recorded from here too.
import { useState } from 'react';
import { Button, Collapse, Descriptions, Drawer, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { EditOutlined, ExperimentOutlined, FolderOpenOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { type BaseRecord, useList } from '@refinedev/core';
import { useT } from '../../i18n/useT';
import { resourceByName } from '../../../../resources';
import { fieldLabel } from '../../../shared/labels';
import { MoneyText } from '../../engine/MoneyText';
import { Ltr } from '../../engine/Ltr';
import { FileValue } from '../../engine/FileValue';
import { PrescriptionPrint } from './PrescriptionPrint';
import { usePrint } from './usePrint';
import { ADVICE } from './lib/visitBody';
import { DeleteAction } from '../../engine/DeleteAction';
import { useCanDo } from '../../engine/useCanDo';
import { LoadError } from '../../engine/LoadError';
import KeptOnlyNote from '../../engine/KeptOnlyNote';
import { keptOnlyOf } from '../../engine/keptOnly';
import { toast } from '../../providers/notify';
import { VisitForm } from './VisitForm';
import { PrintButton } from './PrintButton';
import { LetterButton } from './LetterButton';
import { resourcePaths } from '../../engine/nav';
import { DispenseButton, useDrugStock } from './drugStock';

const def = resourceByName('visitings');
const labOrders = resourceByName('labOrders');
const TEXTS = ['chief_complaint', 'history_of_present_illness', 'examination_findings', 'physician_diagnosis', 'notes'] as const;

function names(v: unknown): string[] {
  return Array.isArray(v) ? v.map((i: { name?: unknown }) => String(i?.name ?? '')).filter(Boolean) : [];
}

const attachmentField = def.fields.attachments.items?.upload_id ?? { type: 'file' as const };

/** The files uploaded with a visit: images as thumbnails, documents by name, each with its note. */
function VisitAttachments({ items }: { items: Record<string, unknown>[] }) {
  const t = useT();
  return (
    <div data-testid="visit-attachments">
      <Typography.Text strong>{fieldLabel(t, def, 'attachments')}: </Typography.Text>
      <Space wrap size="middle" align="start" style={{ marginTop: 4 }}>
        {items.map((item, i) => (
          <Space key={`${String(item.upload_id)}-${i}`} direction="vertical" size={2} align="center" data-testid="visit-attachment">
            <FileValue field={attachmentField} value={item.upload_id} size={72} />
            {typeof item.note === 'string' && item.note && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{item.note}</Typography.Text>}
          </Space>
        ))}
      </Space>
    </div>
  );
}

/** A prescription cell (`5 mg`, `twice a day`): isolated, in its own text's direction. */
const rxCell = (v: unknown) => <bdi>{v === null || v === undefined ? '' : String(v)}</bdi>;

function VisitDetails({ visit }: { visit: BaseRecord }) {
  const t = useT();
  const rx = (Array.isArray(visit.prescriptions) ? visit.prescriptions : []) as Record<string, unknown>[];
  // The lines whose drug the clinic keeps in stock may be dispensed from here.
  const stock = useDrugStock(rx.map((l) => Number(l.drug_id)));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={1} bordered items={TEXTS.filter((f) => visit[f]).map((f) => ({ key: f, label: fieldLabel(t, def, f), children: <span style={{ whiteSpace: 'pre-wrap' }}>{String(visit[f])}</span> }))} />
      {rx.length > 0 && (
        // Scrolls inside itself on a phone rather than breaking a dose (5 mg) over two lines.
        <Table size="small" pagination={false} rowKey={(_, i) => String(i)} dataSource={rx} scroll={{ x: 'max-content' }}>
          <Table.Column key="name" dataIndex="name" title={t('clinic.drug', 'Drug')} render={rxCell} />
          {(['dose', 'frequency', 'duration', 'notes'] as const).map((f) => <Table.Column key={f} dataIndex={f} title={t(`clinic.rx.${f}`, f)} render={rxCell} />)}
          {stock.size > 0 && (
            <Table.Column<Record<string, unknown>>
              key="dispense"
              render={(_, line, i) => {
                const s = stock.get(Number(line.drug_id));
                return s ? <DispenseButton visitId={Number(visit.id)} line={i} stock={s} /> : null;
              }}
            />
          )}
        </Table>
      )}
      {ADVICE.map((a) => names(visit[a.field]).length > 0 && (
        <div key={a.field}><Typography.Text strong>{fieldLabel(t, def, a.field)}: </Typography.Text>{names(visit[a.field]).map((n) => <Tag key={n}>{n}</Tag>)}</div>
      ))}
      {Array.isArray(visit.attachments) && visit.attachments.length > 0 && <VisitAttachments items={visit.attachments as Record<string, unknown>[]} />}
      <Typography.Text type="secondary">
        {fieldLabel(t, def, 'fee')}: <MoneyText value={visit.fee ?? 0} /> · {fieldLabel(t, def, 'paid_amount')}: <MoneyText value={visit.paid_amount ?? 0} />
      </Typography.Text>
    </Space>
  );
}

/** The visit being written in the drawer: a new walk-in visit, or a saved one being edited. */
type Editing = { visit?: BaseRecord } | null;

export function VisitHistory({ patientId, patient, allowNew }: { patientId: number; patient?: BaseRecord; allowNew?: boolean }) {
  const t = useT();
  // The patient's sheets, kept above this screen: a tab left and opened again while one is prepared still shows it.
  const printer = usePrint(`patient:${patientId}`);
  const [editing, setEditing] = useState<Editing>(null);
  const mayCreate = useCanDo(def, 'create');
  const mayEdit = useCanDo(def, 'update');
  const mayOrderLabs = useCanDo(labOrders, 'create');
  const { result, query } = useList({
    resource: 'visitings',
    filters: [{ field: 'patient_id', operator: 'eq', value: patientId }],
    sorters: [{ field: 'date', order: 'desc' }],
    pagination: { pageSize: 50 },
  });
  if (query.isLoading) return <Skeleton active />;
  const visits = result.data ?? [];
  const onSaved = () => {
    toast('success', t('clinic.visitSaved', 'Visit saved'));
    setEditing(null);
  };
  return (
    <>
      {allowNew && mayCreate && (
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => setEditing({})} data-testid="walk-in-visit">
          {t('nav.visitingNew', 'New visit')}
        </Button>
      )}
      {/* Not read (no answer, nothing kept): said with a way to try again, never "no visits yet";
          during a cut the device keeps today's visits only: an empty history is not "no visits". */}
      {query.isError && <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />}
      <KeptOnlyNote answer={query.data} />
      {!visits.length && !query.isError && !keptOnlyOf(query.data) && <Empty description={t('clinic.noVisits', 'No visits yet')} />}
      {/* The title opens the visit: the row's buttons sit beside it, not inside a button. */}
      <Collapse
        collapsible="header"
        data-testid="visit-history"
        items={visits.map((v) => ({
          key: String(v.id),
          label: (
            <Space wrap>
              {/* A date never breaks over two lines, however crowded the row (a phone). */}
              <Ltr>{String(v.date ?? '').slice(0, 10)}</Ltr>
              <Typography.Text strong>{String(v.physician_diagnosis ?? v.chief_complaint ?? '')}</Typography.Text>
            </Space>
          ),
          extra: (
            <Space size={4}>
            {typeof v.appointment_id === 'number' && (
              <Link to={`/visitings/${v.appointment_id}/old`} onClick={(e) => e.stopPropagation()} data-testid={`visit-open-${String(v.id)}`}>
                <Button size="small" icon={<FolderOpenOutlined />}>{t('clinic.open', 'Open')}</Button>
              </Link>
            )}
            <PrintButton testId={`print-${String(v.id)}`} label={t('clinic.print', 'Print')} loading={printer.preparingFor(v)} disabled={printer.preparing && !printer.preparingFor(v)} onPrint={(lang) => void printer.print(v, patient, lang)} />
            <LetterButton testId={`letters-${String(v.id)}`} loading={printer.preparingFor(v)} disabled={printer.preparing && !printer.preparingFor(v)} onPrint={(lang, document, letter) => void printer.print(v, patient, lang, document, letter)} />
            {/* Tests ordered from this visit (issue 40): the lab order's form, prefilled with it. */}
            {mayOrderLabs && (
              <Link to={`/${resourcePaths(labOrders).create}?patient_id=${patientId}&visiting_id=${String(v.id)}`} onClick={(e) => e.stopPropagation()} data-testid={`visit-lab-order-${String(v.id)}`}>
                <Button size="small" icon={<ExperimentOutlined />}>{t('labOrders.orderTests', 'Order lab tests')}</Button>
              </Link>
            )}
            {mayEdit && (
              <Button size="small" icon={<EditOutlined />} data-testid={`visit-edit-${String(v.id)}`} aria-label={t('buttons.edit', 'Edit')} onClick={(e) => { e.stopPropagation(); setEditing({ visit: v }); }} />
            )}
            <span onClick={(e) => e.stopPropagation()} data-testid={`visit-delete-${String(v.id)}`}>
              <DeleteAction def={def} id={v.id as number} />
            </span>
            </Space>
          ),
          children: <VisitDetails visit={v} />,
        }))}
      />
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        width={960}
        destroyOnHidden
        title={editing?.visit ? <>{t('buttons.edit', 'Edit')} · <Ltr>{String(editing.visit.date ?? '').slice(0, 10)}</Ltr></> : t('nav.visitingNew', 'New visit')}
      >
        {editing && (
          <VisitForm
            patientId={patientId}
            appointmentId={editing.visit ? ((editing.visit.appointment_id as number | null) ?? null) : null}
            visit={editing.visit}
            onSaved={onSaved}
          />
        )}
      </Drawer>
      <PrescriptionPrint model={printer.model} nonce={printer.nonce} onOpened={printer.opened} />
    </>
  );
}
