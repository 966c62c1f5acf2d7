// Axes every chart shares (issue 17): counts tick on whole numbers only (no half a patient), and
// in Kurdish and Arabic the chart reads right to left: the value axis on the right, the first
// category (or the earliest month) on the right. Plain options for @ant-design/plots (G2 5),
// kept apart from the library so they load with the first page and are tested alone.

/** 1, 2, 5, 10, 20, 50... : the smallest such whole step at least `raw`. */
function wholeStep(raw: number): number {
  if (!(raw > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

/** Whole-number ticks from min to max, about `count` of them (G2's tickMethod). */
export function integerTicks(min: number, max: number, count = 5): number[] {
  const lo = Math.floor(Math.min(min, max));
  const hi = Math.ceil(Math.max(min, max));
  if (hi === lo) return [lo];
  const step = wholeStep((hi - lo) / Math.max(1, count - 1));
  const ticks: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) ticks.push(v);
  return ticks;
}

export interface AxisOptions {
  axis: { x: Record<string, unknown>; y: Record<string, unknown> };
  scale: { x?: { range: [number, number] }; y: Record<string, unknown> };
}

/**
 * `counts`: the values are counts (whole ticks, from zero). `rtl`: mirrored. `formatValue`: the
 * value axis's labels (money in the clinic's currency).
 */
export function chartAxes({ rtl, counts, font, formatValue }: { rtl: boolean; counts: boolean; font?: string; formatValue?: (v: number) => string }): AxisOptions {
  const label = font ? { labelFontFamily: font } : {};
  return {
    axis: {
      x: { ...label, labelAutoRotate: true },
      y: {
        ...label,
        ...(rtl ? { position: 'right' } : {}),
        ...(counts ? { tickMethod: integerTicks } : {}),
        ...(formatValue ? { labelFormatter: (v: number) => formatValue(Number(v)) } : {}),
      },
    },
    scale: {
      ...(rtl ? { x: { range: [1, 0] as [number, number] } } : {}),
      y: counts ? { domainMin: 0, nice: true } : { nice: true },
    },
  };
}

/** onReady of a plot: keeps the drawn chart on `el` (`el.drawnChart`), since a canvas holds no
 * DOM text: browser tests read the axis labels it drew from it. */
export function keepChart(el: HTMLElement | null, chart: object): void {
  if (el) Object.assign(el, { drawnChart: chart });
}
