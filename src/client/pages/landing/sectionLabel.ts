/** The label of a central landing section by its key (hero, about, plan…). */
export function sectionLabel(t: (key: string, fallback?: string) => string, key: unknown): string {
  return t(`landing.sections.${String(key)}`, String(key));
}
