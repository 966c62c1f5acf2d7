// The only module that imports @ant-design/plots. Loaded through LazyChart, never in the first
// JavaScript the app loads.
import { Column, Line } from '@ant-design/plots';
import { useTranslation } from 'react-i18next';
import { isRtl } from '../../../i18n';
import { chartAxes } from '../../../engine/chartAxes';
import { useMoney } from '../../../engine/MoneyText';

export interface SeriesPoint {
  x: string;
  series: string;
  value: number;
}

export interface ChartProps {
  kind: 'column' | 'line';
  data: SeriesPoint[];
  height?: number;
  /** What the values are: counts (whole ticks), money (in the clinic's currency), or measures. */
  values?: 'count' | 'money' | 'measure';
  /** The series' colours, in the order the data first names them (the chart's palette otherwise). */
  colors?: readonly string[];
}

export default function Plot({ kind, data, height = 260, values = 'measure', colors }: ChartProps) {
  const { i18n } = useTranslation();
  const money = useMoney();
  // Mirrored in Kurdish and Arabic: the value axis on the right, the first category on the right.
  const axes = chartAxes({ rtl: isRtl(i18n.language), counts: values === 'count', formatValue: values === 'money' ? money : undefined });
  const scale = colors ? { ...axes.scale, color: { range: [...colors] } } : axes.scale;
  const common = { data, xField: 'x', yField: 'value', colorField: 'series', height, autoFit: true, legend: { color: { position: 'top' as const } }, ...axes, scale };
  if (kind === 'line') return <Line {...common} point={{ shapeField: 'circle', sizeField: 3 }} />;
  return <Column {...common} group />;
}
