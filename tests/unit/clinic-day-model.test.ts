// The clinic-day model's route patterns (bench/clinic-day-model.ts): what the browser tests sent,
// made into patterns the model names and the replay fills in.
import { describe, expect, it } from 'vitest';
import { patternOf, peakRate } from '../../bench/clinic-day-model';

describe('clinic-day request patterns', () => {
  it.each([
    ['GET', '/api/v1/patients/81/safety', 'GET /patients/:id/safety'],
    ['GET', '/api/v1/visitings?filter%5Bpatient_id%5D=81&sort=-date&page=1&per_page=50', 'GET /visitings?filter[patient_id]=:id&sort=-date&page=1&per_page=50'],
    ['GET', '/api/v1/appointments?filter%5Bdate%5D=2026-11-26&sort=date%2Ctime&page=1&per_page=25', 'GET /appointments?filter[date]=:date&sort=date,time&page=1&per_page=25'],
    ['GET', '/api/v1/patients?q=H%C3%AAro+Azad&per_page=8&sort=name', 'GET /patients?q=:q&per_page=8&sort=name'],
    ['GET', '/api/v1/accounting?year=2026', 'GET /accounting?year=:year'],
    ['GET', '/api/v1/sync/rows?resource=patients&after_id=0&limit=500', 'GET /sync/rows?resource=patients&after_id=:id&limit=500'],
    ['GET', '/api/v1/public/printed-documents/6.M1fJOhGY', 'GET /public/printed-documents/:code'],
    ['PATCH', '/api/v1/appointments/142', 'PATCH /appointments/:id'],
  ])('%s %s', (method, url, pattern) => {
    expect(patternOf(method, url)).toBe(pattern);
  });

  it('the peak rate: requests a day over the opening hours, times the peak', () => {
    const model = {
      how: [],
      day: { patients: 30, hours: 8, peak: 2 },
      actions: [
        { role: 'desk' as const, name: 'book', perPatient: 1, requests: ['POST /appointments', 'GET /appointments'] },
        { role: 'doctor' as const, name: 'app start', perDay: 3, requests: ['GET /tenant-check'] },
      ],
    };
    expect(peakRate(model)).toBeCloseTo(((30 * 2 + 3) / (8 * 3600)) * 2, 10);
  });
});
