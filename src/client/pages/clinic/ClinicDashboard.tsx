// The clinic dashboard: counts, today's queue grouped by status with one-click moves, and this
// month's incomes against expenses (only for those who may see accounting).
import { Card, Col, Empty, List, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { CalendarOutlined, CheckSquareOutlined, TeamOutlined } from '@ant-design/icons';
import { type BaseRecord, useList } from '@refinedev/core';
import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { APPOINTMENT_STATUS } from '../../../shared/enums';
import dayjs from 'dayjs';
import { useT } from '../../i18n/useT';
import { enumLabel } from '../../../shared/labels';
import { useIdentity } from '../../providers/identity';
import { MAX_PER_PAGE } from '../../../shared/resource';
import { useMoney } from '../../engine/MoneyText';
import { LazyChart } from './charts/LazyChart';
import { groupQueue, shortTime } from './lib/queue';
import { AppointmentActions, ConfirmedTick, STATUS_FIELD, StatusTag, useMayWork } from './status';
import { useApiGet } from '../../engine/useApiGet';
import { LoadError } from '../../engine/LoadError';
import { ReadBeforeCut } from '../../engine/ReadBeforeCut';
import { labelsOf } from '../../providers/dataProvider';
import { DaySheetButton } from './DaySheet';
import { dashboardCards } from '../../engine/parts';
import { EXPENSE_COLOR, INCOME_COLOR, MONEY_COLORS } from './charts/colors';
import { clinicToday } from '../../engine/instant';

/** A module's card (its folder's client part, `dashboard`), for those who may read its resource; its code loads only for them. */
function ModuleDashboardCard({ resource, Card: ModuleCard }: (typeof dashboardCards)[number]) {
  const may = useMayWork(resource, 'read');
  if (!may) return null;
  return (
    <Suspense fallback={null}>
      <ModuleCard />
    </Suspense>
  );
}

interface DashboardBody extends BaseRecord {
  data?: {
    // null where the caller may not read what is counted.
    counts: { patients: number | null; appointments_today: number | null; tasks_open: number };
    today: Record<string, number>;
    month: { incomes: number | string; expenses: number | string } | null;
  };
}

/** The minutes since a check-in, kept current by a minute's tick (a display clock, not a request). */
function WaitingMinutes({ since }: { since: unknown }) {
  const t = useT();
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const tick = setInterval(() => setNow(dayjs()), 60_000);
    return () => clearInterval(tick);
  }, []);
  if (typeof since !== 'string') return null;
  const minutes = Math.max(0, now.diff(dayjs(since), 'minute'));
  return (
    <Typography.Text type={minutes >= 30 ? 'danger' : 'secondary'} data-testid="waiting-minutes">
      {t('clinic.waitingMinutes', { minutes })}
    </Typography.Text>
  );
}

function TodayQueue() {
  const t = useT();
  const today = clinicToday();
  const { result, query } = useList({
    resource: 'appointments',
    filters: [{ field: 'date', operator: 'eq', value: today }],
    sorters: [{ field: 'time', order: 'asc' }],
    pagination: { pageSize: MAX_PER_PAGE, currentPage: 1 },
  });
  const rows = result.data ?? [];
  // The patients' names come with the list (its `labels`).
  const names = labelsOf(query.data).patient_id ?? {};
  if (query.isLoading) return <Skeleton active />;
  // Not read: said with a way to try again, never "no appointments today".
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (!rows.length) return <Empty description={t('clinic.noAppointmentsToday', 'No appointments today')} />;
  const groups = groupQueue(rows.map((r) => ({ ...r, id: r.id as number, status: Number(r.status), time: r.time as string })));
  return (
    <Row gutter={[12, 12]} data-testid="today-queue">
      {groups
        .filter((g) => g.items.length)
        .map((g) => (
          <Col key={g.status} xs={24} md={12} xl={8}>
            <Card size="small" data-testid={`queue-${g.status}`} title={<Space><StatusTag status={g.status} /><Typography.Text type="secondary">{g.items.length}</Typography.Text></Space>}>
              <List
                size="small"
                dataSource={g.items}
                renderItem={(a: BaseRecord) => {
                  return (
                    <List.Item key={String(a.id)} data-testid={`queue-item-${String(a.id)}`} style={{ flexWrap: 'wrap', gap: 6 }}>
                      <Space>
                        <Typography.Text strong dir="ltr">{shortTime(a.time)}</Typography.Text>
                        <Link to={`/patients/${String(a.patient_id)}`}>{names[String(a.patient_id)] ?? `#${String(a.patient_id)}`}</Link>
                        <ConfirmedTick at={a.confirmed_at} />
                      </Space>
                      {Number(a.status) === APPOINTMENT_STATUS.waiting && <WaitingMinutes since={a.checked_in_at} />}
                      <AppointmentActions id={a.id as number} status={Number(a.status)} compact />
                    </List.Item>
                  );
                }}
              />
            </Card>
          </Col>
        ))}
    </Row>
  );
}

/** What the dashboard's counts are made of: they follow any change to these, by anyone. */
const DASHBOARD_SOURCES = ['appointments', 'patients', 'tasks', 'visitings', 'incomes', 'expenses'];

export default function ClinicDashboard() {
  const t = useT();
  const user = useIdentity();
  const { data, isLoading, isError, isFetching, refetch, readAt } = useApiGet<DashboardBody>('/basedashboard', undefined, true, DASHBOARD_SOURCES);
  const mayAppointments = useMayWork('appointments', 'read');
  const mayPatients = useMayWork('patients', 'read');
  const d = data?.data;
  // Counts not read (the server does not answer: they are not kept on the device) are not known,
  // not zero: a dash, and a way to try again.
  const count = (n: number | null | undefined) => (d ? (n ?? 0) : isError ? '—' : 0);
  const month = d?.month;
  const money = useMoney();
  const incomes = Number(month?.incomes ?? 0);
  const expenses = Number(month?.expenses ?? 0);
  const todayText = Object.entries(d?.today ?? {})
    .map(([s, n]) => `${enumLabel(t, STATUS_FIELD, Number(s))}: ${n}`)
    .join(' · ');
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="dashboard">
      <Typography.Title level={3} style={{ margin: 0 }}>{t('pages.dashboardWelcome', { name: user?.name ?? '' })}</Typography.Title>
      {isError && !d && <LoadError onRetry={() => void refetch()} retrying={isFetching} />}
      {/* Read before the cut (not kept on the device): as of when, not as of now. */}
      {d && <ReadBeforeCut readAt={readAt} />}
      <Row gutter={[16, 16]}>
        {mayPatients && (
          <Col xs={24} sm={8}>
            <Card loading={isLoading}><Statistic title={t('resources.patients.title', 'Patients')} value={count(d?.counts.patients)} prefix={<TeamOutlined />} /></Card>
          </Col>
        )}
        {mayAppointments && (
          <Col xs={24} sm={8}>
            <Card loading={isLoading}>
              <Statistic title={t('clinic.appointmentsToday', "Today's appointments")} value={count(d?.counts.appointments_today)} prefix={<CalendarOutlined />} />
              {todayText && <Typography.Text type="secondary">{todayText}</Typography.Text>}
            </Card>
          </Col>
        )}
        <Col xs={24} sm={8}>
          <Card loading={isLoading} data-testid="count-tasks"><Statistic title={t('clinic.openTasks', 'Open tasks')} value={count(d?.counts.tasks_open)} prefix={<CheckSquareOutlined />} /></Card>
        </Col>
      </Row>
      {dashboardCards.map(({ resource, Card: ModuleCard }) => (
        <ModuleDashboardCard key={resource} resource={resource} Card={ModuleCard} />
      ))}
      {mayAppointments && (
        <Card
          title={t('clinic.todayQueue', "Today's queue")}
          extra={
            <Space wrap>
              <DaySheetButton />
              <Link to="/appointments">{t('resources.appointments.title', 'Appointments')}</Link>
            </Space>
          }
        >
          <TodayQueue />
        </Card>
      )}
      {month && (
        <Card title={t('clinic.thisMonth', 'This month')} data-testid="month-money">
          <Row gutter={[16, 16]}>
            <Col xs={24} md={8}>
              <Space direction="vertical">
                <Statistic title={t('clinic.incomes', 'Incomes')} value={money(incomes)} valueStyle={{ color: INCOME_COLOR }} />
                <Statistic title={t('clinic.expenses', 'Expenses')} value={money(expenses)} valueStyle={{ color: EXPENSE_COLOR }} />
                <Statistic title={t('clinic.profit', 'Profit')} value={money(incomes - expenses)} />
              </Space>
            </Col>
            <Col xs={24} md={16}>
              <LazyChart
                kind="column"
                values="money"
                colors={MONEY_COLORS}
                height={220}
                data={[
                  { x: t('clinic.thisMonth', 'This month'), series: t('clinic.incomes', 'Incomes'), value: incomes },
                  { x: t('clinic.thisMonth', 'This month'), series: t('clinic.expenses', 'Expenses'), value: expenses },
                ]}
              />
            </Col>
          </Row>
        </Card>
      )}
    </Space>
  );
}
