// What the appointments page shows, read from its address (?date=2026-11-24&view=week&status=1&
// doctor=3&page=2), so a reload, a shared link or Back shows the same day.
import dayjs, { type Dayjs } from 'dayjs';
import { clinicDay } from '../../../engine/clinicDay';

export type View = 'list' | 'day' | 'week';
const VIEWS: readonly View[] = ['list', 'day', 'week'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The page's choices from its address: absent means today, the list, every status and doctor. */
export function appointmentsView(params: URLSearchParams): { date: Dayjs | null; view: View; status: string; doctor: number | null; page: number } {
  const rawDate = params.get('date');
  const date = rawDate === 'all' ? null : rawDate && DAY.test(rawDate) && dayjs(rawDate).isValid() ? dayjs(rawDate) : clinicDay();
  const view = VIEWS.find((v) => v === params.get('view')) ?? 'list';
  const doctor = Number(params.get('doctor'));
  const page = Number(params.get('page'));
  return {
    // Day and week views always show a day.
    date: date ?? (view === 'list' ? null : clinicDay()),
    view,
    status: /^\d$/.test(params.get('status') ?? '') ? params.get('status')! : 'all',
    doctor: Number.isSafeInteger(doctor) && doctor > 0 ? doctor : null,
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}


/** The seven days of the week that holds `day` (the locale decides the first day: Saturday in ckb and ar). */
export function weekDays(day: Dayjs): Dayjs[] {
  const start = day.startOf('week');
  return Array.from({ length: 7 }, (_, i) => start.add(i, 'day'));
}
