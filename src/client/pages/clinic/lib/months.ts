// Month labels (months.1 … months.12 in the locale files) and the accounting result rows.

export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

type T = (key: string, fallback?: string) => string;
const EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function monthLabel(t: T, month: number): string {
  if (!Number.isInteger(month) || month < 1 || month > 12) return String(month);
  return t(`months.${month}`, EN[month - 1]);
}

export interface MonthFigures {
  month: number;
  incomes: number;
  expenses: number;
  profit: number;
}

/** Twelve rows whatever the server sent (missing months are zero), numbers coerced. */
export function yearRows(months: readonly Partial<MonthFigures>[] | undefined): MonthFigures[] {
  return MONTHS.map((month) => {
    const found = months?.find((m) => Number(m.month) === month);
    const incomes = Number(found?.incomes ?? 0) || 0;
    const expenses = Number(found?.expenses ?? 0) || 0;
    const profit = found?.profit !== undefined ? Number(found.profit) || 0 : Math.round((incomes - expenses) * 100) / 100;
    return { month, incomes, expenses, profit };
  });
}

/** Long-form series for a grouped chart: one point per month and kind. */
export function chartSeries(t: T, rows: readonly MonthFigures[]): { month: string; kind: string; value: number }[] {
  const incomes = t('clinic.incomes', 'Incomes');
  const expenses = t('clinic.expenses', 'Expenses');
  return rows.flatMap((r) => [
    { month: monthLabel(t, r.month), kind: incomes, value: r.incomes },
    { month: monthLabel(t, r.month), kind: expenses, value: r.expenses },
  ]);
}
