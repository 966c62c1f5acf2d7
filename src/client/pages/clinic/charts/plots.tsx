// The only module that imports @ant-design/plots. Loaded through LazyChart, never in the first
// JavaScript the app loads.
import { Column, Line } from '@ant-design/plots';

export interface SeriesPoint {
  x: string;
  series: string;
  value: number;
}

export interface ChartProps {
  kind: 'column' | 'line';
  data: SeriesPoint[];
  height?: number;
  rtl?: boolean;
}

export default function Plot({ kind, data, height = 260 }: ChartProps) {
  const common = { data, xField: 'x', yField: 'value', colorField: 'series', height, autoFit: true, legend: { color: { position: 'top' as const } } };
  if (kind === 'line') return <Line {...common} point={{ shapeField: 'circle', sizeField: 3 }} />;
  return <Column {...common} group />;
}
