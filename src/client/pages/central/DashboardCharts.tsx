// The dashboard's charts. This module is the only one importing @ant-design/plots (large): the
// dashboard loads it with React.lazy, so it never enters the first load (login page).
import { Card, Col, Empty, Row } from 'antd';
import { Column, Line, Pie } from '@ant-design/plots';
import { useTranslation } from 'react-i18next';
import { useT } from '../../i18n/useT';
import { useRef } from 'react';
import { chartAxes, keepChart } from '../../engine/chartAxes';
import { isRtl } from '../../i18n';
import { type CentralDashboard, type Point, agePoints, enumPoints, labelledPoints, registrationPoints } from './dashboardData';

const FONT = 'Vazirmatn, sans-serif';

function ChartCard({ title, testId, points, children }: { title: string; testId: string; points: Point[]; children: React.ReactNode }) {
  const t = useT();
  const empty = points.every((p) => p.value === 0);
  return (
    <Card title={title} size="small" data-testid={testId} style={{ height: '100%' }}>
      {empty ? <Empty description={t('common.empty', 'No data')} /> : <div dir="ltr" data-chart>{children}</div>}
    </Card>
  );
}

function PieChart({ points }: { points: Point[] }) {
  return (
    <Pie
      data={points}
      angleField="value"
      colorField="label"
      height={260}
      innerRadius={0.55}
      label={{ text: 'value', style: { fontFamily: FONT, fontWeight: 600 } }}
      legend={{ color: { position: 'bottom', layout: { justifyContent: 'center' }, itemLabelFontFamily: FONT } }}
      tooltip={{ title: 'label' }}
    />
  );
}

/** Doctors are counted: whole ticks; mirrored in Kurdish and Arabic. */
function ColumnChart({ points, rtl }: { points: Point[]; rtl: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  return (
    <div ref={box}>
      <Column data={points} xField="label" yField="value" height={260} {...chartAxes({ rtl, counts: true, font: FONT })} style={{ maxWidth: 48 }} onReady={(chart) => keepChart(box.current, chart)} />
    </div>
  );
}

export default function DashboardCharts({ data }: { data: CentralDashboard }) {
  const t = useT();
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const charts: { key: string; title: string; points: Point[]; kind: 'pie' | 'column' }[] = [
    { key: 'gender', title: t('dashboard.charts.gender', 'Doctors by gender'), points: enumPoints(t, 'gender', data.gender), kind: 'pie' },
    { key: 'status', title: t('dashboard.charts.status', 'Doctors by status'), points: enumPoints(t, 'accountStatus', data.status), kind: 'pie' },
    { key: 'plan', title: t('dashboard.charts.plan', 'Doctors by plan'), points: labelledPoints(t, lang, data.plan), kind: 'pie' },
    { key: 'city', title: t('dashboard.charts.city', 'Doctors by city'), points: labelledPoints(t, lang, data.city), kind: 'column' },
    { key: 'education', title: t('dashboard.charts.education', 'Doctors by education'), points: labelledPoints(t, lang, data.education), kind: 'column' },
    { key: 'age', title: t('dashboard.charts.age', 'Doctors by age'), points: agePoints(t, data.age), kind: 'column' },
  ];
  const registrations = registrationPoints(t, data.registrations);
  return (
    <Row gutter={[16, 16]} data-testid="dashboard-charts">
      {charts.map((c) => (
        <Col key={`${c.key}-${lang}`} xs={24} md={12} xl={8}>
          <ChartCard title={c.title} testId={`chart-${c.key}`} points={c.points}>
            {c.kind === 'pie' ? <PieChart points={c.points} /> : <ColumnChart points={c.points} rtl={isRtl(lang)} />}
          </ChartCard>
        </Col>
      ))}
      <Col xs={24} key={`registrations-${lang}`}>
        <ChartCard title={t('dashboard.charts.registrations', 'Registrations by month')} testId="chart-registrations" points={registrations}>
          <Line data={registrations} xField="label" yField="value" height={280} point={{ shapeField: 'circle', sizeField: 3 }} {...chartAxes({ rtl: isRtl(lang), counts: true, font: FONT })} />
        </ChartCard>
      </Col>
    </Row>
  );
}
