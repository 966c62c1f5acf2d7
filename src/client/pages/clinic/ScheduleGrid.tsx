// The appointments calendar: a day grid with a column per doctor, or a week grid, drawn by
// react-big-calendar (MIT; per-resource day columns, right-to-left, dayjs dates and drag-and-drop
// without a paid add-on, which is why it was chosen over FullCalendar, whose resource columns are
// commercial). Hours outside a doctor's working hours are shaded; the column headers count the free
// slots; clicking an empty slot books it; dragging moves a booking (to another doctor too) and its
// lower edge changes its length. The server's overlap rule decides: a refused move is said with its
// reason and the booking returns to where it was.
import { useMemo, useState } from 'react';
import { Calendar, type SlotInfo, dayjsLocalizer } from 'react-big-calendar';
import dragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { Button, Descriptions, Modal, Skeleton, Space, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { type BaseRecord, useUpdate } from '@refinedev/core';
import { Link, useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { useT } from '../../i18n/useT';
import { APPOINTMENT_STATUS } from '../../../shared/enums';
import { type DoctorDay, minutesOf } from '../../../shared/slots';
import { useApiGet } from '../../engine/useApiGet';
import { AVAILABILITY_SOURCES, type Availability } from './lib/availability';
import type { Doctor } from './useDoctors';
import { shortTime } from './lib/queue';
import { AppointmentActions, StatusTag } from './status';
import { fieldLabel } from '../../../shared/labels';
import { resourceByName } from '../../../../resources';
import './schedule.css';
import { clinicNow } from '../../engine/clinicDay';

const APPOINTMENTS = resourceByName('appointments');
const localizer = dayjsLocalizer(dayjs);
// The add-on is CommonJS only: the bundle hands over its exports object where the types promise
// its default export, so both are accepted.
const withDragAndDrop = (dragAndDrop as unknown as { default?: typeof dragAndDrop }).default ?? dragAndDrop;
const DnDCalendar = withDragAndDrop<CalendarEvent, CalendarResource>(Calendar);

export interface CalendarEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  resourceId: number | null;
  status: number;
  record: BaseRecord;
}
interface CalendarResource {
  id: number;
  title: string;
}

/** Bookings that may still be moved: not seen, referred or postponed. */
const MOVABLE = new Set<number>([APPOINTMENT_STATUS.active, APPOINTMENT_STATUS.waiting, APPOINTMENT_STATUS.late]);
/** The status colours of status.tsx as solid fills for the grid's blocks. */
const FILLS: Record<number, string> = { 0: '#1677ff', 1: '#d48806', 2: '#8c8c8c', 3: '#d4380d', 4: '#722ed1', 5: '#08979c', 6: '#389e0d' };
const DAY_START = 8 * 60;
const DAY_END = 20 * 60;

const at = (date: string, minutes: number) => dayjs(`${date}T00:00`).add(minutes, 'minute').toDate();

export function toEvents(rows: readonly BaseRecord[], patientName: (id: unknown) => string): CalendarEvent[] {
  return rows.map((r) => {
    const date = String(r.date).slice(0, 10);
    const start = minutesOf(String(r.time));
    return {
      id: Number(r.id),
      title: patientName(r.patient_id),
      start: at(date, start),
      end: at(date, start + Number(r.duration_minutes ?? 15)),
      resourceId: r.doctor_id === null || r.doctor_id === undefined ? null : Number(r.doctor_id),
      status: Number(r.status),
      record: r,
    };
  });
}

export function ScheduleGrid(props: { view: 'day' | 'week'; days: Dayjs[]; rows: BaseRecord[]; loading: boolean; doctors: Doctor[]; doctor: number | null; patientName: (id: unknown) => string; canCreate: boolean; canEdit: boolean; onDay: (d: Dayjs) => void }) {
  const { view, days, doctors, doctor, canCreate, canEdit } = props;
  const t = useT();
  const navigate = useNavigate();
  const rtl = document.documentElement.dir === 'rtl';
  const from = days[0].format('YYYY-MM-DD');
  const to = days[days.length - 1].format('YYYY-MM-DD');
  // Hours and free slots follow every change of bookings, hours or closed days, from anyone.
  const availability = useApiGet<Availability>('/appointments/availability', { from, to, ...(doctor ? { doctor_id: doctor } : {}) }, true, AVAILABILITY_SOURCES);
  const dayOf = (date: string, doctorId: number) => availability.data?.data?.days.find((d) => d.date === date)?.doctors.find((d) => d.doctor_id === doctorId);
  const shown = doctor ? doctors.filter((d) => d.id === doctor) : doctors;
  const columns = view === 'day' && shown.length > 1 ? shown.map((d) => ({ id: d.id, title: d.name })) : undefined;

  // A move is shown where it was dropped until the server answers; refused, it goes back.
  const [moved, setMoved] = useState<Record<number, Partial<CalendarEvent>>>({});
  const events = useMemo(() => toEvents(props.rows, props.patientName).map((e) => ({ ...e, ...moved[e.id] })), [props.rows, props.patientName, moved]);
  const [opened, setOpened] = useState<number | null>(null);
  const chosen = events.find((e) => e.id === opened);
  const { mutate } = useUpdate();
  const move = ({ event, start, end, resourceId }: EventInteractionArgs<CalendarEvent>) => {
    const s = dayjs(start);
    const e = dayjs(end);
    const doctorId = typeof resourceId === 'number' ? resourceId : event.resourceId;
    const values: Record<string, unknown> = { date: s.format('YYYY-MM-DD'), time: s.format('HH:mm'), duration_minutes: Math.max(5, e.diff(s, 'minute')), doctor_id: doctorId };
    setMoved((m) => ({ ...m, [event.id]: { start: s.toDate(), end: e.toDate(), resourceId: doctorId } }));
    mutate(
      // The version it was drawn from: a booking someone changed meanwhile is not moved over their change.
      { resource: 'appointments', id: event.id, values, meta: { original: event.record }, successNotification: () => ({ type: 'success', message: t('clinic.moved', 'Moved') }) },
      { onSettled: () => setMoved(({ [event.id]: _gone, ...rest }) => rest) },
    );
  };

  // The shading: a slot outside the doctor's hours (or, in the week of all doctors, everyone's).
  const open = (date: Date, resourceId?: number | string): boolean => {
    const day = dayjs(date).format('YYYY-MM-DD');
    const minute = dayjs(date).hour() * 60 + dayjs(date).minute();
    const ids = typeof resourceId === 'number' ? [resourceId] : shown.map((d) => d.id);
    return ids.some((id) => {
      const d = dayOf(day, id);
      if (!d || d.hours === null) return !d?.closed;
      return d.hours.some((s) => minutesOf(s.start) <= minute && minute < minutesOf(s.end));
    });
  };
  // The hours drawn: from the earliest start to the latest end of the days shown, bookings included.
  const spans = (availability.data?.data?.days ?? []).flatMap((d) => d.doctors.flatMap((x) => x.hours ?? []));
  const starts = [...spans.map((s) => minutesOf(s.start)), ...events.map((e) => dayjs(e.start).hour() * 60)];
  const ends = [...spans.map((s) => minutesOf(s.end)), ...events.map((e) => dayjs(e.end).hour() * 60 + dayjs(e.end).minute())];
  const first = Math.floor(Math.min(spans.length ? Infinity : DAY_START, ...starts) / 60) * 60;
  const last = Math.min(24 * 60 - 1, Math.ceil(Math.max(spans.length ? 0 : DAY_END, ...ends) / 60) * 60);
  const freeCount = (date: Dayjs, ids: number[]) => {
    const list = ids.map((id) => dayOf(date.format('YYYY-MM-DD'), id)).filter((d): d is DoctorDay => !!d);
    if (list.length && list.every((d) => d.closed)) return <Typography.Text type="danger">{list.find((d) => d.reason)?.reason ?? t('clinic.closed', 'Closed')}</Typography.Text>;
    if (list.length && list.every((d) => d.hours === null)) return null;
    const free = list.reduce((n, d) => n + d.free.length, 0);
    return <Typography.Text type={free ? 'success' : 'secondary'} data-testid={`free-${date.format('YYYY-MM-DD')}`}>{t('clinic.freeCount', { free })}</Typography.Text>;
  };

  if (props.loading && !props.rows.length) return <Skeleton active />;
  return (
    <div className={`schedule schedule-${view}`} data-testid={`${view}-view`}>
      <DnDCalendar
        localizer={localizer}
        rtl={rtl}
        view={view}
        views={['day', 'week']}
        onView={() => undefined}
        date={days[0].toDate()}
        onNavigate={() => undefined}
        toolbar={false}
        events={events}
        resources={columns}
        resourceIdAccessor={(r) => r.id}
        resourceTitleAccessor={(r) => r.title}
        dayLayoutAlgorithm="no-overlap"
        step={15}
        timeslots={4}
        min={at('2000-01-01', first)}
        max={at('2000-01-01', last)}
        scrollToTime={clinicNow().subtract(1, 'hour').toDate()}
        getNow={() => clinicNow().toDate()}
        formats={{ timeGutterFormat: 'HH:mm', eventTimeRangeFormat: () => '', dayFormat: 'dd D/M' }}
        messages={{ noEventsInRange: t('resources.appointments.empty', 'No appointments') }}
        selectable={canCreate}
        longPressThreshold={150}
        onSelectSlot={(slot: SlotInfo) => {
          const s = dayjs(slot.start);
          const length = dayjs(slot.end).diff(s, 'minute');
          const query = new URLSearchParams({ date: s.format('YYYY-MM-DD'), time: s.format('HH:mm') });
          const doctorId = typeof slot.resourceId === 'number' ? slot.resourceId : doctor;
          if (doctorId) query.set('doctor_id', String(doctorId));
          if (slot.action === 'select' && length > 15) query.set('duration', String(length));
          navigate(`/appointments/create?${query.toString()}`);
        }}
        onSelectEvent={(e) => setOpened(e.id)}
        draggableAccessor={(e) => canEdit && MOVABLE.has(e.status)}
        resizableAccessor={(e) => canEdit && MOVABLE.has(e.status)}
        onEventDrop={move}
        onEventResize={move}
        slotPropGetter={(date, resourceId) => (open(date, resourceId) ? {} : { className: 'slot-off' })}
        eventPropGetter={(e) => ({ style: { background: FILLS[e.status] ?? FILLS[0], borderColor: FILLS[e.status] ?? FILLS[0] } })}
        components={{
          event: ({ event }) => (
            <span data-testid={`cal-event-${event.id}`} data-status={event.status}>
              <bdi dir="ltr">{shortTime(event.record.time)}</bdi> <bdi>{event.title}</bdi>
            </span>
          ),
          resourceHeader: ({ label, resource }) => (
            <div data-testid={`doctor-column-${resource.id}`}>
              <div>{label}</div>
              {freeCount(days[0], [resource.id])}
            </div>
          ),
          week: {
            header: ({ date, label }) => (
              <a onClick={() => props.onDay(dayjs(date))}>
                <div>{label}</div>
                {freeCount(dayjs(date), shown.map((d) => d.id))}
              </a>
            ),
          },
          day: {
            header: ({ label }) => (
              <div>
                <div>{label}</div>
                {!columns && freeCount(days[0], shown.map((d) => d.id))}
              </div>
            ),
          },
        }}
        style={{ height: view === 'week' ? 640 : 600 }}
      />
      {/* A booking's card: its status moves, its visit, its form. */}
      <Modal open={!!chosen} onCancel={() => setOpened(null)} footer={null} title={chosen && <bdi>{chosen.title}</bdi>} destroyOnHidden>
        {chosen && (
          <Space direction="vertical" style={{ width: '100%' }} data-testid="calendar-booking">
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={fieldLabel(t, APPOINTMENTS, 'time')}>
                <bdi dir="ltr">{dayjs(chosen.start).format('YYYY-MM-DD')} {shortTime(chosen.record.time)}–{dayjs(chosen.end).format('HH:mm')}</bdi>
              </Descriptions.Item>
              {doctors.length > 1 && <Descriptions.Item label={fieldLabel(t, APPOINTMENTS, 'doctor_id')}>{doctors.find((d) => d.id === chosen.resourceId)?.name}</Descriptions.Item>}
              <Descriptions.Item label={fieldLabel(t, APPOINTMENTS, 'status')}><StatusTag status={chosen.status} confirmed={chosen.record.confirmed_at} /></Descriptions.Item>
            </Descriptions>
            <AppointmentActions id={chosen.id} status={chosen.status} />
            <Space>
              <Link to={`/patients/${String(chosen.record.patient_id)}`}>{fieldLabel(t, APPOINTMENTS, 'patient_id')}</Link>
              {canEdit && <Button size="small" icon={<EditOutlined />} onClick={() => navigate(`/appointments/edit/${chosen.id}`)}>{t('buttons.edit', 'Edit')}</Button>}
            </Space>
          </Space>
        )}
      </Modal>
    </div>
  );
}
