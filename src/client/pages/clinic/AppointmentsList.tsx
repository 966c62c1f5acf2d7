// Appointments: status tabs, a date (today by default), a doctor when the clinic has several,
// list / day / week views, one-click status moves and "Open visit" on every row. What is shown
// is in the address (?date=2026-11-24&view=week&status=1&doctor=3&page=2): a reload, a shared
// link or Back shows the same day.
import { useState } from 'react';
import { Button, Card, Empty, Segmented, Select, Space, Table, Tabs } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type BaseRecord, type CrudFilter, type CrudSort, useList } from '@refinedev/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Dayjs } from 'dayjs';
import { WaitingMark } from '../../engine/WaitingMark';
import KeptOnlyNote from '../../engine/KeptOnlyNote';
import { LoadError } from '../../engine/LoadError';
import { useT } from '../../i18n/useT';
import { enumLabel, fieldLabel, resourceTitle } from '../../../shared/labels';
import { DeleteAction } from '../../engine/DeleteAction';
import { EditButton } from '../../engine/kit/buttons';
import { DateInput } from '../../engine/digitInputs';
import { useCanDo } from '../../engine/useCanDo';
import { resourceByName } from '../../../../resources';
import { APPOINTMENT_STATUS, enumValues } from '../../../shared/enums';
import { MAX_PER_PAGE } from '../../../shared/resource';
import { shortTime } from './lib/queue';
import { AppointmentActions, STATUS_FIELD, StatusTag } from './status';
import { labelsOf } from '../../providers/dataProvider';
import { ScheduleGrid } from './ScheduleGrid';
import { type View, appointmentsView, weekDays } from './lib/appointmentsView';
import { useDoctors } from './useDoctors';
import { clinicDay } from '../../engine/clinicDay';
import { clinicToday } from '../../engine/instant';

const def = resourceByName('appointments');
export default function AppointmentsList() {
  const t = useT();
  const navigate = useNavigate();
  const canCreate = useCanDo(def, 'create');
  const canEdit = useCanDo(def, 'update');
  const [params, setParams] = useSearchParams();
  const { status, date, view, page, doctor } = appointmentsView(params);
  // One change of the address per choice; a new day, status or doctor starts again at page 1.
  const choose = (next: { date?: Dayjs | null; view?: View; status?: string; doctor?: number | null; page?: number }) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        const put = (key: string, value: string | null) => (value === null ? out.delete(key) : out.set(key, value));
        if (next.date !== undefined) put('date', next.date === null ? 'all' : next.date.format('YYYY-MM-DD') === clinicToday() ? null : next.date.format('YYYY-MM-DD'));
        if (next.view !== undefined) put('view', next.view === 'list' ? null : next.view);
        if (next.status !== undefined) put('status', next.status === 'all' ? null : next.status);
        if (next.doctor !== undefined) put('doctor', next.doctor === null ? null : String(next.doctor));
        put('page', next.page !== undefined && next.page > 1 ? String(next.page) : null);
        return out;
      },
      { replace: true },
    );
  const setDate = (d: Dayjs | null) => choose({ date: d });
  const setView = (v: View) => choose({ view: v });
  const setPage = (p: number) => choose({ page: p });
  const { doctors } = useDoctors();
  const rtl = document.documentElement.dir === 'rtl';
  const several = doctors.length > 1;
  const [sorters, setSorters] = useState<CrudSort[]>([{ field: 'date', order: 'asc' }, { field: 'time', order: 'asc' }]);
  const week = weekDays(date ?? clinicDay());
  const filters: CrudFilter[] = [];
  if (status !== 'all') filters.push({ field: 'status', operator: 'eq', value: Number(status) });
  // The day and week grids draw what takes a slot: a cancelled booking (an archived patient's, say)
  // is left out unless its own tab is chosen.
  else if (view !== 'list') filters.push({ field: 'status', operator: 'ne', value: APPOINTMENT_STATUS.cancelled });
  if (doctor !== null) filters.push({ field: 'doctor_id', operator: 'eq', value: doctor });
  if (view === 'week') {
    filters.push({ field: 'date', operator: 'gte', value: week[0].format('YYYY-MM-DD') });
    filters.push({ field: 'date', operator: 'lte', value: week[6].format('YYYY-MM-DD') });
  } else if (date) filters.push({ field: 'date', operator: 'eq', value: date.format('YYYY-MM-DD') });
  const paged = view === 'list';
  const { result, query } = useList({
    resource: 'appointments',
    filters,
    sorters: paged ? sorters : [{ field: 'date', order: 'asc' }, { field: 'time', order: 'asc' }],
    pagination: { currentPage: paged ? page : 1, pageSize: paged ? 25 : MAX_PER_PAGE },
  });
  const rows = result.data ?? [];
  // The patients' names come with the list (its `labels`).
  const names = labelsOf(query.data).patient_id ?? {};
  const patientName = (id: unknown) => names[String(id)] ?? `#${String(id)}`;
  // A booking made during a cut and not on the server yet carries the waiting mark (engine/WaitingMark).
  const patientCell = (r: BaseRecord) => (
    <>
      <Link to={`/patients/${String(r.patient_id)}`}>{patientName(r.patient_id)}</Link>
      <WaitingMark record={r} />
    </>
  );
  const enumCell = (name: string) => (v: unknown) => enumLabel(t, def.fields[name], v);

  return (
    <Card
      title={resourceTitle(t, def)}
      extra={
        canCreate && (
          <Button type="primary" data-testid="appointment-create" onClick={() => navigate(`/appointments/create${date ? `?date=${date.format('YYYY-MM-DD')}` : ''}`)}>
            {t('buttons.create', 'Create')}
          </Button>
        )
      }
    >
      <Tabs
        activeKey={status}
        onChange={(k) => choose({ status: k })}
        items={[{ key: 'all', label: t('common.all', 'All') }, ...enumValues('appointmentStatus').map((s) => ({ key: String(s), label: enumLabel(t, STATUS_FIELD, s) }))]}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <DateInput value={date} onChange={(d) => setDate(d)} allowClear={view === 'list'} data-testid="appointment-date" placeholder={t('clinic.allDates', 'All dates')} aria-label={fieldLabel(t, def, 'date')} />
        {view !== 'list' && (
          <Space.Compact>
            <Button aria-label={t('clinic.previous', 'Previous')} icon={rtl ? <RightOutlined /> : <LeftOutlined />} onClick={() => setDate((date ?? clinicDay()).subtract(1, view))} data-testid="calendar-previous" />
            <Button aria-label={t('clinic.next', 'Next')} icon={rtl ? <LeftOutlined /> : <RightOutlined />} onClick={() => setDate((date ?? clinicDay()).add(1, view))} data-testid="calendar-next" />
          </Space.Compact>
        )}
        <Button onClick={() => setDate(clinicDay())}>{t('clinic.today', 'Today')}</Button>
        {several && (
          <Select<number>
            allowClear
            style={{ minWidth: 180 }}
            value={doctor ?? undefined}
            onChange={(v) => choose({ doctor: v ?? null })}
            placeholder={t('clinic.allDoctors', 'All doctors')}
            aria-label={fieldLabel(t, def, 'doctor_id')}
            options={doctors.map((d) => ({ value: d.id, label: d.name }))}
            data-testid="appointment-doctor"
          />
        )}
        <Segmented<View>
          value={view}
          onChange={(v) => setView(v)}
          options={[
            { value: 'list', label: t('clinic.viewList', 'List') },
            { value: 'day', label: t('clinic.viewDay', 'Day') },
            { value: 'week', label: t('clinic.viewWeek', 'Week') },
          ]}
        />
      </Space>
      {/* During a cut the device keeps bookings from a week back to a month ahead: beyond, said so. */}
      <KeptOnlyNote answer={query.data} />
      {query.isError && <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />}
      {view !== 'list' ? (
        <ScheduleGrid
          view={view}
          days={view === 'week' ? week : [date ?? clinicDay()]}
          rows={rows}
          loading={query.isLoading}
          doctors={doctors}
          doctor={doctor}
          patientName={patientName}
          canCreate={canCreate}
          canEdit={canEdit}
          onDay={(d) => choose({ date: d, view: 'day' })}
        />
      ) : (
        <Table<BaseRecord>
          rowKey="id"
          dataSource={rows}
          loading={query.isLoading}
          scroll={{ x: true }}
          locale={{ emptyText: query.isError ? null : <Empty description={t('resources.appointments.empty', 'No appointments')} /> }}
          pagination={{ current: page, pageSize: 25, total: result.total ?? 0, showSizeChanger: false, onChange: setPage }}
          onChange={(_p, _f, sorter) => {
            const list = (Array.isArray(sorter) ? sorter : [sorter]).filter((s) => s.order && s.field);
            setSorters(list.length ? list.map((s) => ({ field: String(s.field), order: s.order === 'descend' ? 'desc' : 'asc' })) : [{ field: 'date', order: 'asc' }, { field: 'time', order: 'asc' }]);
          }}
        >
          <Table.Column<BaseRecord> key="date" dataIndex="date" title={fieldLabel(t, def, 'date')} sorter={{ multiple: 2 }} render={(v: string) => <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>{String(v).slice(0, 10)}</span>} />
          <Table.Column<BaseRecord> key="time" dataIndex="time" title={fieldLabel(t, def, 'time')} sorter={{ multiple: 1 }} render={(v: unknown) => <span dir="ltr">{shortTime(v)}</span>} />
          <Table.Column<BaseRecord> key="patient" title={fieldLabel(t, def, 'patient_id')} render={(_, r) => patientCell(r)} />
          {several && <Table.Column<BaseRecord> key="doctor" dataIndex="doctor_id" title={fieldLabel(t, def, 'doctor_id')} render={(v: unknown) => doctors.find((d) => d.id === v)?.name ?? ''} />}
          <Table.Column<BaseRecord> key="status" dataIndex="status" title={fieldLabel(t, def, 'status')} render={(v: unknown, r) => <StatusTag status={v} confirmed={r.confirmed_at} />} />
          <Table.Column<BaseRecord> key="origin" dataIndex="origin" title={fieldLabel(t, def, 'origin')} render={enumCell('origin')} />
          <Table.Column<BaseRecord> key="type" dataIndex="type" title={fieldLabel(t, def, 'type')} render={enumCell('type')} />
          <Table.Column<BaseRecord>
            key="actions"
            title={t('common.actions', 'Actions')}
            render={(_, r) => (
              <Space wrap data-testid={`appointment-row-${String(r.id)}`}>
                <AppointmentActions id={r.id as number} status={Number(r.status)} />
                {canEdit && <EditButton hideText size="small" recordItemId={r.id} resource="appointments" />}
                {r.id !== undefined && <DeleteAction def={def} id={r.id} />}
              </Space>
            )}
          />
        </Table>
      )}
    </Card>
  );
}
