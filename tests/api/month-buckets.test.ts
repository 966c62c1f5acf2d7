// The central dashboard's registrations by month are counted by the platform's calendar (Asia/Baghdad
// here), not the database session's (UTC): a clinic registered at 22:00 UTC on a month's last day
// registered on the next month's first day in Erbil, and a month's first hours in Erbil are the UTC
// day before, which the window's start left out.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localDay } from '../../src/server/days';
import { CENTRAL, type TestApp, startTestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** The month's last day (YYYY-MM-DD) `back` months before the platform's current month. */
const lastDayOf = (back: number) => localDay(new Date()).startOf('month').subtract(back, 'month').endOf('month').format('YYYY-MM-DD');
const monthOf = (back: number) => localDay(new Date()).startOf('month').subtract(back, 'month').format('YYYY-MM');

it.each([
  { at: `${lastDayOf(2)}T22:00:00Z`, month: monthOf(1), why: "22:00 UTC on a month's last day is 01:00 on the next month's first day" },
  { at: `${lastDayOf(2)}T20:30:00Z`, month: monthOf(2), why: 'an hour and a half before it is still the last day' },
  { at: `${lastDayOf(12)}T21:30:00Z`, month: monthOf(11), why: "the first month charted starts at Erbil's midnight, 21:00 UTC the day before" },
])("counts a clinic registered at $at in $month: $why", async ({ at, month }) => {
  const owner = await t.login(CENTRAL, 'owner');
  const counts = async () => {
    const res = await t.call('GET', '/dashboard', { token: owner });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return new Map((res.body.data as { registrations: { month: string; count: number }[] }).registrations.map((r) => [r.month, r.count]));
  };
  // The suspended clinic, registered long before the charted months: moved to the instant.
  await sql`update tenants set created_at = '2000-01-15T12:00:00Z' where subdomain = 'closed'`.execute(t.db.kysely);
  const before = await counts();
  await sql`update tenants set created_at = ${at}::timestamptz where subdomain = 'closed'`.execute(t.db.kysely);
  const after = await counts();
  const changed = [...after].filter(([m, n]) => before.get(m) !== n).map(([m, n]) => [m, n - (before.get(m) ?? 0)]);
  expect(changed).toEqual([[month, 1]]);
});
