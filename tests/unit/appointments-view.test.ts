// The appointments page's choices live in its address: a reload or a shared link shows the same
// day, view, status, doctor and page; anything unreadable falls back to today's list.
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { appointmentsView } from '../../src/client/pages/clinic/lib/appointmentsView';

const today = dayjs().format('YYYY-MM-DD');
const read = (query: string) => {
  const v = appointmentsView(new URLSearchParams(query));
  return { ...v, date: v.date?.format('YYYY-MM-DD') ?? null };
};

describe('the appointments page address', () => {
  it.each([
    ['nothing: today, the list', '', { date: today, view: 'list', status: 'all', doctor: null, page: 1 }],
    ['a day, the week, a status, a doctor, a page', 'date=2026-03-02&view=week&status=1&doctor=7&page=3', { date: '2026-03-02', view: 'week', status: '1', doctor: 7, page: 3 }],
    ['every date (the list)', 'date=all', { date: null, view: 'list', status: 'all', doctor: null, page: 1 }],
    ['every date asked of the day view: today', 'date=all&view=day', { date: today, view: 'day', status: 'all', doctor: null, page: 1 }],
    ['nonsense everywhere', 'date=2026-13-45x&view=month&status=x&doctor=-2&page=0', { date: today, view: 'list', status: 'all', doctor: null, page: 1 }],
  ])('%s', (_n, query, expected) => {
    expect(read(query)).toEqual(expected);
  });
});
