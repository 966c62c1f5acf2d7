// The generated list's columns and saved views: which fields can be columns, a stored choice made
// valid against the declaration, and a view saved without its page.
import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources/index';
import { chosenColumns, columnCandidates, defaultColumns, parseColumns } from '../../src/client/engine/listColumns';
import { withoutPage } from '../../src/client/engine/ListTools';

const patients = resourceByName('patients');
const all = () => true;

describe('list columns', () => {
  const candidates = columnCandidates(patients, all);
  const fallback = defaultColumns(patients, candidates);

  it('offer the readable one-value fields, the declared list columns first chosen', () => {
    expect(candidates).toEqual(expect.arrayContaining(['file_number', 'name', 'phone', 'national_id', 'notes']));
    expect(fallback).toEqual(Object.keys(patients.fields).filter((n) => patients.fields[n].list));
    // A list locked to a parent does not offer the parent's column.
    expect(columnCandidates(resourceByName('visitings'), all, 'patient_id')).not.toContain('patient_id');
    // Lists of items and passwords are never columns.
    expect(columnCandidates(resourceByName('visitings'), all)).not.toContain('prescriptions');
  });

  it('keep a stored choice in declaration order, drop what the declaration no longer has, and fall back when nothing is left', () => {
    expect(chosenColumns(['phone', 'name', 'gone'], candidates, fallback)).toEqual(['name', 'phone']);
    expect(chosenColumns(['gone'], candidates, fallback)).toEqual(fallback);
    expect(chosenColumns(null, candidates, fallback)).toEqual(fallback);
    expect(parseColumns('name,,phone')).toEqual(['name', 'phone']);
    expect(parseColumns('')).toBeNull();
  });

  it('save a view without its page', () => {
    expect(withoutPage('?currentPage=3&pageSize=50&filters[0][field]=gender')).toBe(`?${new URLSearchParams('pageSize=50&filters[0][field]=gender').toString()}`);
    expect(withoutPage('?currentPage=2')).toBe('');
  });
});
