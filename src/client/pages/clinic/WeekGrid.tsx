// A simple week grid: seven day columns, each listing its appointments by time.
import { Card, Col, Row, Skeleton, Space, Typography } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { Link } from 'react-router';
import type { Dayjs } from 'dayjs';
import { shortTime } from './lib/queue';
import { StatusTag } from './status';

/** The seven days of the week that holds `day` (the locale decides the first day). */
export function weekDays(day: Dayjs): Dayjs[] {
  const start = day.startOf('week');
  return Array.from({ length: 7 }, (_, i) => start.add(i, 'day'));
}

export function WeekGrid({ days, rows, loading, patientName, onDay }: { days: Dayjs[]; rows: BaseRecord[]; loading: boolean; patientName: (id: unknown) => string; onDay: (d: Dayjs) => void }) {
  if (loading) return <Skeleton active />;
  return (
    <Row gutter={[8, 8]} wrap data-testid="week-view">
      {days.map((d) => {
        const key = d.format('YYYY-MM-DD');
        const items = rows.filter((r) => String(r.date).slice(0, 10) === key);
        return (
          <Col key={key} flex="1 1 130px" style={{ minWidth: 130 }}>
            <Card size="small" title={<a onClick={() => onDay(d)}>{d.format('dd D/M')}</a>} styles={{ body: { padding: 8, minHeight: 120 } }}>
              <Space direction="vertical" size={4} style={{ width: '100%' }}>
                {items.map((r) => (
                  <div key={String(r.id)}>
                    <Typography.Text strong dir="ltr">{shortTime(r.time)}</Typography.Text>{' '}
                    <Link to={`/patients/${String(r.patient_id)}`}>{patientName(r.patient_id)}</Link>
                    <div><StatusTag status={r.status} /></div>
                  </div>
                ))}
              </Space>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
