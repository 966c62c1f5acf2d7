// Patients found however their name was typed (issue 32): the database's keys are the ones
// src/shared/fold.ts makes, and the search box, the pickers and the duplicate check find a name
// spelt the Kurdish way from Arabic letters, ranked folded matches before loose ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO, type TestApp, startTestApp } from './harness';
import { foldText, looseText } from '../../src/shared/fold';

let t: TestApp;
let token: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  token = await t.login(DEMO, 'doctor');
  for (const name of ['هاوڕێ عەبدوڵڵا ئەحمەد', 'احمد هادی کریم', 'Sara Ahmed']) {
    const res = await t.call('POST', '/patients', { host: DEMO, token, body: { name, gender: 1, date_of_birth: '1990-04-02' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids[name] = (res.body.data as { id: number }).id;
  }
});
afterAll(() => t?.close());

const names = async (q: string, extra = ''): Promise<string[]> => {
  const res = await t.call('GET', `/patients?q=${encodeURIComponent(q)}&per_page=50${extra}`, { host: DEMO, token });
  expect(res.status).toBe(200);
  return (res.body.data as { name: string }[]).map((p) => p.name);
};

describe('the database keys a name as the shared function does', () => {
  it('for every letter of the Arabic block and the Latin ones, alone and in names', async () => {
    const samples = [
      ...Array.from({ length: 0x0700 - 0x0600 }, (_, i) => String.fromCharCode(0x0600 + i)),
      'ABC xyz', 'هاوڕێ عەبدوڵڵا ئەحمەد', 'مُحَمَّد\u200cـ', '٠١٢٣ ۴۵۶', 'Ÿ É',
    ];
    const { rows } = await sql<{ t: string; fold: string; loose: string }>`select t, fold_text(t) as fold, loose_text(t) as loose from unnest(${samples}::text[]) as t`.execute(t.db.kysely);
    const wrong = rows.filter((r) => r.fold !== foldText(r.t) || r.loose !== looseText(r.t)).map((r) => `${r.t} (U+${r.t.codePointAt(0)!.toString(16)}): db ${r.fold}/${r.loose}, js ${foldText(r.t)}/${looseText(r.t)}`);
    expect(wrong).toEqual([]);
  });
});

describe('GET /patients?q=', () => {
  const hawre = 'هاوڕێ عەبدوڵڵا ئەحمەد';
  it.each(['هاوڕێ', 'هاوڕي', 'هاورێ', 'هاوري', 'عبدالله', 'عبد الله', 'احمد', 'هاوری عبدالله'])('finds %s', async (q) => {
    expect(await names(q)).toContain(hawre);
  });

  it('ranks the folded matches before the loose ones', async () => {
    // "احمد" is the folded start of one name and only loosely "ئەحمەد" in the other.
    const found = await names('احمد');
    expect(found.indexOf('احمد هادی کریم')).toBeGreaterThanOrEqual(0);
    expect(found.indexOf('احمد هادی کریم')).toBeLessThan(found.indexOf(hawre));
  });

  it('puts the patient whose file number was typed first, and finds Latin names as before', async () => {
    const res = await t.call('GET', `/patients/${ids[hawre]}`, { host: DEMO, token });
    const number = String((res.body.data as { file_number: number }).file_number);
    expect((await names(number))[0]).toBe(hawre);
    expect(await names('AHMED')).toContain('Sara Ahmed');
    expect(await names('ahmed')).not.toContain(hawre);
  });

  it('finds nobody by a short text once its vowels are gone, nor a name of other letters', async () => {
    expect(await names('اهو')).not.toContain(hawre);
    expect(await names('کریم عبدالله')).toEqual([]);
  });

  it('finds the same name with the same birth date (the create form\'s duplicate warning asks this)', async () => {
    expect(await names('هاوری عبدالله', '&filter[date_of_birth]=1990-04-02')).toContain(hawre);
    expect(await names('هاوری عبدالله', '&filter[date_of_birth]=1990-04-03')).toEqual([]);
  });
});
