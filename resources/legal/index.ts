// The legal-practice module (docs/product.md#catalogs-tasks-and-the-legal-practice-module): courts, clients, lawsuits and executions
// with their sessions, installments and files, and petitions. Every resource is `module: 'legal'`:
// the platform switches the module on per clinic (the doctor's form); elsewhere its routes are 404
// and its menu is absent. The plan's max_cases caps a clinic's lawsuits.
import { type FieldDef, defineResource } from '../../src/shared/resource';
import { defineMenuGroup } from '../../src/shared/menu';

const LEGAL = { scope: 'tenant', module: 'legal' } as const;
const text = (maxLength: number): FieldDef => ({ type: 'string', maxLength, nullable: true });
const notes = { type: 'text', maxLength: 4000, nullable: true } as const;
const client = { type: 'relation', relation: { resource: 'clients', labelField: 'name' }, required: true, filterable: true, list: true } as const;
const court = { type: 'relation', relation: { resource: 'courts', labelField: 'name' }, nullable: true, filterable: true, list: true } as const;
const lawsuit = { type: 'relation', relation: { resource: 'lawsuits', labelField: 'title' }, nullable: true, filterable: true } as const;

export const courts = defineResource({
  ...LEGAL,
  name: 'courts',
  path: 'courts',
  table: 'courts',
  route: 'legal/courts',
  titleField: 'name',
  defaultSort: 'name',
  menu: { order: 64, parent: 'legal' },
  fields: {
    name: { type: 'string', required: true, maxLength: 200, unique: true, searchable: true, list: true, sortable: true },
    city: { type: 'string', maxLength: 100, nullable: true, searchable: true, filterable: true, list: true },
    address: text(255),
    phone: { type: 'phone', maxLength: 30, nullable: true, list: true },
    notes,
  },
});

// Clients and customers: a person, or a company with its papers.
export const clients = defineResource({
  ...LEGAL,
  name: 'clients',
  path: 'clients',
  table: 'legal_clients',
  route: 'legal/clients',
  titleField: 'name',
  defaultSort: 'name',
  menu: { order: 62, parent: 'legal' },
  fields: {
    name: { type: 'string', required: true, maxLength: 200, searchable: true, list: true, sortable: true },
    kind: { type: 'string', choices: ['individual', 'company'], labels: 'resources.clients.kinds.{}', default: 'individual', filterable: true, list: true },
    phone: { type: 'phone', maxLength: 30, nullable: true, searchable: true, list: true },
    email: { type: 'email', maxLength: 200, nullable: true },
    address: text(255),
    national_id: text(60),
    company_code_1: text(60),
    company_code_2: text(60),
    company_code_3: text(60),
    ministry_commerce_code: text(60),
    bank_account: text(60),
    notes,
  },
});

const CASE_STATUSES = ['open', 'pending', 'won', 'lost', 'settled', 'closed'] as const;

export const lawsuits = defineResource({
  ...LEGAL,
  name: 'lawsuits',
  path: 'lawsuits',
  table: 'lawsuits',
  route: 'legal/lawsuits',
  titleField: 'title',
  defaultSort: '-date',
  menu: { order: 60, parent: 'legal' },
  quota: { plan: 'max_cases', field: 'title', message: 'validation.planLimitCases' },
  fields: {
    title: { type: 'string', required: true, maxLength: 200, searchable: true, list: true, sortable: true },
    client_id: client,
    court_id: court,
    case_number: { type: 'string', maxLength: 60, nullable: true, searchable: true, list: true },
    brikarnama_number: { type: 'string', maxLength: 60, nullable: true, searchable: true },
    contract_number: text(60),
    guarantee_code: text(60),
    date: { type: 'date', nullable: true, list: true, sortable: true, filterable: true },
    location: text(200),
    path: text(200),
    status: { type: 'string', choices: CASE_STATUSES, labels: 'resources.lawsuits.statuses.{}', default: 'open', filterable: true, list: true, sortable: true },
    fee: { type: 'money', min: 0, max: 10_000_000_000, nullable: true, list: true },
    // The case's accounts: what its installments ask, and what was paid of them.
    installments_total: { type: 'money', readOnly: true, sum: { of: 'lawsuitInstallments', field: 'amount' } },
    installments_paid: { type: 'money', readOnly: true, list: true, sum: { of: 'lawsuitInstallments', field: 'paid_amount' } },
    informations: notes,
  },
});

export const executions = defineResource({
  ...LEGAL,
  name: 'executions',
  path: 'executions',
  table: 'executions',
  route: 'legal/executions',
  titleField: 'title',
  defaultSort: '-date',
  menu: { order: 61, parent: 'legal' },
  fields: {
    title: { type: 'string', required: true, maxLength: 200, searchable: true, list: true, sortable: true },
    client_id: client,
    court_id: court,
    lawsuit_id: lawsuit,
    case_number: { type: 'string', maxLength: 60, nullable: true, searchable: true, list: true },
    date: { type: 'date', nullable: true, list: true, sortable: true, filterable: true },
    amount: { type: 'money', min: 0, max: 10_000_000_000, nullable: true, list: true },
    status: { type: 'string', choices: CASE_STATUSES, labels: 'resources.lawsuits.statuses.{}', default: 'open', filterable: true, list: true, sortable: true },
    installments_total: { type: 'money', readOnly: true, sum: { of: 'executionInstallments', field: 'amount' } },
    installments_paid: { type: 'money', readOnly: true, list: true, sum: { of: 'executionInstallments', field: 'paid_amount' } },
    informations: notes,
  },
});

export const petitions = defineResource({
  ...LEGAL,
  name: 'petitions',
  path: 'petitions',
  table: 'petitions',
  route: 'legal/petitions',
  titleField: 'title',
  defaultSort: '-date',
  menu: { order: 63, parent: 'legal' },
  fields: {
    title: { type: 'string', required: true, maxLength: 200, searchable: true, list: true, sortable: true },
    client_id: client,
    court_id: court,
    lawsuit_id: { ...lawsuit, list: true },
    date: { type: 'date', nullable: true, list: true, sortable: true, filterable: true },
    body: { type: 'text', maxLength: 20_000, nullable: true },
    file: { type: 'file', nullable: true },
  },
});

// A case's sessions, installments and files: tabs on the lawsuit's (or execution's) page.
type Parent = 'lawsuits' | 'executions';
const byLawsuit = { lawsuit_id: { type: 'relation', relation: { resource: 'lawsuits', labelField: 'title' }, required: true, filterable: true, list: true } } as const;
const byExecution = { execution_id: { type: 'relation', relation: { resource: 'executions', labelField: 'title' }, required: true, filterable: true, list: true } } as const;

function caseSessions<const N extends string, const P extends Parent, const K extends Record<string, FieldDef>>(name: N, table: string, parent: P, key: K) {
  const field = Object.keys(key)[0];
  return defineResource({
    ...LEGAL,
    name,
    path: name,
    table,
    within: { resource: parent, field, tab: 'sessions' },
    titleField: 'session_date',
    defaultSort: '-session_date',
    menu: { order: 1 },
    checks: [{ field: 'next_session_date', op: '>=', other: 'session_date' }],
    fields: {
      ...key,
      session_date: { type: 'date', required: true, list: true, sortable: true, filterable: true },
      subject: { type: 'string', maxLength: 200, nullable: true, searchable: true, list: true },
      decision: { type: 'text', maxLength: 4000, nullable: true, list: true },
      next_session_date: { type: 'date', nullable: true, list: true, sortable: true },
    },
  });
}

function caseInstallments<const N extends string, const P extends Parent, const K extends Record<string, FieldDef>>(name: N, table: string, parent: P, key: K) {
  const field = Object.keys(key)[0];
  return defineResource({
    ...LEGAL,
    name,
    path: name,
    table,
    within: { resource: parent, field, tab: 'installments' },
    titleField: 'due_date',
    defaultSort: 'due_date',
    menu: { order: 2 },
    checks: [{ field: 'paid_amount', op: '<=', other: 'amount' }],
    fields: {
      ...key,
      amount: { type: 'money', required: true, min: 0, max: 10_000_000_000, list: true },
      paid_amount: { type: 'money', min: 0, max: 10_000_000_000, default: 0, list: true },
      due_date: { type: 'date', nullable: true, list: true, sortable: true, filterable: true },
      is_paid: { type: 'boolean', default: false, list: true, filterable: true },
      note: { type: 'string', maxLength: 200, nullable: true },
    },
  });
}

function caseFiles<const N extends string, const P extends Parent, const K extends Record<string, FieldDef>>(name: N, table: string, parent: P, key: K) {
  const field = Object.keys(key)[0];
  return defineResource({
    ...LEGAL,
    name,
    path: name,
    table,
    within: { resource: parent, field, tab: 'files' },
    titleField: 'title',
    defaultSort: '-created_at',
    menu: { order: 3 },
    fields: {
      ...key,
      title: { type: 'string', required: true, maxLength: 200, searchable: true, list: true, sortable: true },
      // The paper's scan, when there is one (a record may name a paper kept at the office).
      file: { type: 'file', nullable: true, list: true },
      note: { type: 'string', maxLength: 200, nullable: true, list: true },
    },
  });
}

export const lawsuitSessions = caseSessions('lawsuitSessions', 'lawsuit_sessions', 'lawsuits', byLawsuit);
export const lawsuitInstallments = caseInstallments('lawsuitInstallments', 'lawsuit_installments', 'lawsuits', byLawsuit);
export const lawsuitFiles = caseFiles('lawsuitFiles', 'lawsuit_files', 'lawsuits', byLawsuit);
export const executionSessions = caseSessions('executionSessions', 'execution_sessions', 'executions', byExecution);
export const executionInstallments = caseInstallments('executionInstallments', 'execution_installments', 'executions', byExecution);
export const executionFiles = caseFiles('executionFiles', 'execution_files', 'executions', byExecution);

/** The legal module's menu group (hidden with its entries where the module is off). */
export const legalMenu = defineMenuGroup({ key: 'legal', scope: 'tenant', path: 'legal', opens: 'lawsuits', order: 68, icon: 'file-text', access: 'anyone' });
