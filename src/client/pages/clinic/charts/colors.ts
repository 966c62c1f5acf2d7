// The money's colours, the same in the figures and the charts beside them (a chart's own palette
// drew incomes blue beside an income figure in green).
export const INCOME_COLOR = '#0f766e';
export const EXPENSE_COLOR = '#b91c1c';
/** Incomes then expenses, in the order lib/months.ts and the dashboard give the series. */
export const MONEY_COLORS = [INCOME_COLOR, EXPENSE_COLOR] as const;
