// A chart loaded on demand: the plotting library comes in its own chunk when a chart is shown.
import { Suspense, lazy } from 'react';
import { Empty, Skeleton } from 'antd';
import { useT } from '../../../i18n/useT';
import type { ChartProps } from './plots';

const Plot = lazy(() => import('./plots'));

export type { SeriesPoint } from './plots';

export function LazyChart(props: ChartProps) {
  const t = useT();
  if (!props.data.length) return <Empty description={t('common.empty', 'No data')} />;
  return (
    <div data-testid="chart" dir="ltr">
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
        <Plot {...props} />
      </Suspense>
    </div>
  );
}
