// Issue 35: the one form engine decides in one place where a refused save's field errors go
// (src/client/engine/kit/form.tsx placeErrors): the hand forms' fields, their lists' rows, and what
// is said above the form.
import { describe, expect, it } from 'vitest';
import { createFormControl } from 'react-hook-form';
import { freshSubmit, placeErrors } from '../../src/client/engine/kit/form';

const VISIT = ['chief_complaint', 'notes', 'prescriptions', 'prescriptions.*.drug_id', 'prescriptions.*.dose', 'examinations', 'allergy_override'];

describe('placeErrors: a 422 on the form fields it names', () => {
  const cases: [string, Record<string, string[]>, readonly string[], Record<string, string>, string[]][] = [
    ['a field shown', { notes: ['Too long'] }, VISIT, { notes: 'Too long' }, []],
    ['several messages of one field said together', { notes: ['Too long', 'Not text'] }, VISIT, { notes: 'Too long Not text' }, []],
    ['a field not shown goes above the form', { appointment_id: ['Not found'] }, VISIT, {}, ['Not found']],
    ['a row field, on its row', { 'prescriptions.1.drug_id': ['Required'] }, VISIT, { 'prescriptions.1.drug_id': 'Required' }, []],
    ['a row field not shown, on the list', { 'prescriptions.0.frequency': ['Too long'] }, VISIT, { prescriptions: 'Too long' }, []],
    ['the list itself', { prescriptions: ['At most 50'] }, VISIT, { prescriptions: 'At most 50' }, []],
    ['items of a multiple select, on the select', { 'examinations.0': ['Gone'], 'examinations.2.examination_id': ['Archived'] }, VISIT, { examinations: 'Gone Archived' }, []],
    ['the rest in the order given', { plan: ['Limit reached'], notes: ['Too long'], _: ['Refused'] }, VISIT, { notes: 'Too long' }, ['Limit reached', 'Refused']],
    ['a name only starting like a field is not that field', { notes_extra: ['x'], 'prescriptionsx.0.drug_id': ['y'] }, VISIT, {}, ['x', 'y']],
    ['a form of plain fields', { username: ['Taken'], 'username.0': ['Odd'] }, ['username'], { username: 'Taken Odd' }, []],
    ['nothing named', {}, VISIT, {}, []],
  ];
  it.each(cases)('%s', (_name, errors, fields, on, rest) => {
    expect(placeErrors(errors, fields)).toEqual({ on, rest });
  });
});

describe('freshSubmit: a submission starts from no error', () => {
  const form = () => {
    const f = createFormControl<{ notes?: string }>({ defaultValues: { notes: 'x' } });
    // A refusal said on a field the form no longer shows (a row removed since).
    f.setError('prescriptions.0.drug_id' as 'notes', { type: 'server', message: 'Required' });
    return f;
  };
  it("react-hook-form's own submission is held back by it", async () => {
    let sent = 0;
    await form().handleSubmit(() => void (sent += 1))();
    expect(sent).toBe(0);
  });
  it('the kit sends it, the valid fields as they are', async () => {
    const sent: unknown[] = [];
    await freshSubmit(form())((v) => void sent.push(v))();
    expect(sent).toEqual([{ notes: 'x' }]);
  });
  it('a client rule still holds it back', async () => {
    const f = createFormControl<{ notes?: string }>({ defaultValues: { notes: '' } });
    f.register('notes', { required: 'Required' });
    let sent = 0;
    await freshSubmit(f)(() => void (sent += 1))();
    expect([sent, f.getFieldState('notes').error?.message]).toEqual([0, 'Required']);
  });
});
