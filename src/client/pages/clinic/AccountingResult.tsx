// accounting/result: incomes, expenses and profit by month of a chosen year, with totals and a chart.
import { useState } from 'react';
import { Card, Space, Table, Typography } from 'antd';
import { DateInput } from '../../engine/digitInputs';
import type { BaseRecord } from '@refinedev/core';
import type { Dayjs } from 'dayjs';
import { useT } from '../../i18n/useT';
import { MoneyText } from '../../engine/MoneyText';
import { TableScroll } from '../../engine/TableScroll';
import { LazyChart } from './charts/LazyChart';
import { MONEY_COLORS } from './charts/colors';
import { type MonthFigures, chartSeries, monthLabel, yearRows } from './lib/months';
import { useApiGet } from '../../engine/useApiGet';
import { clinicDay } from '../../engine/clinicDay';

interface ResultBody extends BaseRecord {
  data?: { year: number; months: MonthFigures[]; totals: { incomes: number; expenses: number; profit: number } };
}

const money = (v: unknown) => <MoneyText value={v ?? 0} />;

export default function AccountingResult() {
  const t = useT();
  const [year, setYear] = useState<Dayjs>(() => clinicDay());
  const { data, isLoading } = useApiGet<ResultBody>('/accounting', { year: year.year() });
  const rows = yearRows(data?.data?.months);
  const totals = data?.data?.totals ?? { incomes: 0, expenses: 0, profit: 0 };
  const series = chartSeries(t, rows).map((p) => ({ x: p.month, series: p.kind, value: p.value }));
  return (
    <Card
      title={t('nav.result', 'Result')}
      extra={<DateInput picker="year" allowClear={false} value={year} onChange={(d) => d && setYear(d)} data-testid="result-year" />}
    >
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <TableScroll label={t('nav.result', 'Result')}>
          <Table<MonthFigures>
            rowKey="month"
            dataSource={rows}
            loading={isLoading}
            pagination={false}
            size="small"
            data-testid="result-table"
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}><Typography.Text strong>{t('clinic.total', 'Total')}</Typography.Text></Table.Summary.Cell>
                <Table.Summary.Cell index={1}><Typography.Text strong data-testid="total-incomes">{money(totals.incomes)}</Typography.Text></Table.Summary.Cell>
                <Table.Summary.Cell index={2}><Typography.Text strong>{money(totals.expenses)}</Typography.Text></Table.Summary.Cell>
                <Table.Summary.Cell index={3}><Typography.Text strong type={totals.profit < 0 ? 'danger' : 'success'}>{money(totals.profit)}</Typography.Text></Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          >
            <Table.Column<MonthFigures> key="month" dataIndex="month" title={t('clinic.month', 'Month')} render={(m: number) => monthLabel(t, m)} />
            <Table.Column<MonthFigures> key="incomes" dataIndex="incomes" title={t('clinic.incomes', 'Incomes')} render={money} />
            <Table.Column<MonthFigures> key="expenses" dataIndex="expenses" title={t('clinic.expenses', 'Expenses')} render={money} />
            <Table.Column<MonthFigures> key="profit" dataIndex="profit" title={t('clinic.profit', 'Profit')} render={(v: number) => <Typography.Text type={v < 0 ? 'danger' : undefined}>{money(v)}</Typography.Text>} />
          </Table>
        </TableScroll>
        {!isLoading && <LazyChart kind="column" values="money" colors={MONEY_COLORS} data={rows.some((r) => r.incomes || r.expenses) ? series : []} height={300} />}
      </Space>
    </Card>
  );
}
