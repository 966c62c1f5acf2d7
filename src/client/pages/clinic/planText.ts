// A plan's name in the reader's language (plan_en / plan_ar / plan_ckb).
export function planName(row: Record<string, unknown> | undefined, lang: string): string {
  if (!row) return '';
  const own = row[`plan_${lang}`];
  return String((typeof own === 'string' && own) || row.plan_en || row.plan_ckb || row.plan_ar || '');
}
