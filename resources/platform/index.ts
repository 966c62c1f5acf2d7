// The platform's own records about its clinics: managed lists, plan history, invoices, requests.
import { defineResource } from '../../src/shared/resource';
import { ROLE_GROUPS } from '../../src/shared/roles';

/** What a plan history entry records (labels: planHistory.actions.<action>; the table's check, migration 004). */
export const PLAN_HISTORY_ACTIONS = ['created', 'renewed', 'changed', 'reactivated', 'suspended', 'archived', 'no_action'] as const;

function namedList<const N extends 'cities' | 'educations'>(name: N, order: number) {
  return defineResource({
    name,
    path: name,
    table: name,
    scope: 'central',
    route: `settings/${name}`,
    access: { read: ROLE_GROUPS.ALL_CENTRAL, create: ROLE_GROUPS.MANAGERS, update: ROLE_GROUPS.MANAGERS, delete: ROLE_GROUPS.MANAGERS },
    titleField: 'name_en',
    defaultSort: 'name_en',
    menu: { order, parent: 'settings' },
    fields: {
      name_en: { type: 'string', required: true, maxLength: 120, unique: true, searchable: true, list: true, sortable: true },
      name_ar: { type: 'string', required: true, maxLength: 120, searchable: true, list: true },
      name_ckb: { type: 'string', required: true, maxLength: 120, searchable: true, list: true },
    },
  });
}

export const cities = namedList('cities', 93);
export const educations = namedList('educations', 94);

const doctor = { type: 'relation', relation: { resource: 'tenants', labelField: 'name' }, readOnly: true, filterable: true, list: true } as const;
const plan = { type: 'relation', relation: { resource: 'plans', labelField: 'type_en' }, readOnly: true, filterable: true, list: true } as const;

// Plan history: what happened to each clinic's subscription. Written by the server only.
export const planHistories = defineResource({
  name: 'planHistories',
  path: 'actions',
  table: 'plan_histories',
  scope: 'central',
  route: 'plan-histories',
  actions: ['read'],
  access: { read: ROLE_GROUPS.MANAGERS, create: [], update: [], delete: [] },
  titleField: 'action',
  defaultSort: '-created_at',
  fields: {
    tenant_id: doctor,
    plan_id: plan,
    action: { type: 'string', readOnly: true, filterable: true, list: true, choices: PLAN_HISTORY_ACTIONS, labels: 'planHistory.actions.{}' },
    starts_on: { type: 'date', readOnly: true, list: true },
    ends_on: { type: 'date', readOnly: true, list: true },
    user_id: { type: 'relation', relation: { resource: 'users', labelField: 'name' }, readOnly: true },
  },
});

// Invoices: one per registration and renewal. Only whether it is paid can change.
export const invoices = defineResource({
  name: 'invoices',
  path: 'invoices',
  table: 'invoices',
  scope: 'central',
  actions: ['read', 'update'],
  access: { read: ROLE_GROUPS.MANAGERS, create: [], update: ROLE_GROUPS.OWNERS, delete: [] },
  titleField: 'issued_on',
  defaultSort: '-issued_on',
  menu: { order: 25, icon: 'file-text' },
  // Paying may bring a suspended clinic back: its record and plan history change with it.
  rowActions: [
    {
      key: 'markPaid',
      set: { is_paid: true },
      when: { is_paid: false },
      icon: 'dollar',
      label: 'invoices.markPaid',
      confirm: 'invoices.markPaidConfirm',
      done: 'invoices.markedPaid',
      invalidates: ['tenants', 'planHistories'],
      bulk: true,
      many: { confirm: 'invoices.markPaidConfirmMany', done: 'invoices.markedPaidMany' },
    },
  ],
  // Unpaid past the day it was due: what the suspension job will act on.
  quickFilters: [{ key: 'overdue', label: 'invoices.overdue', filters: { is_paid: { op: 'eq', value: false }, due_on: { op: 'lt', value: '$today' } } }],
  fields: {
    // Numbered 1, 2, 3… within each year of issue, with no gap (src/server/modules/subscriptions.ts
    // issueInvoice, migration 060): filed as <year>-<number>.
    year: { type: 'integer', readOnly: true, filterable: true, sortable: true },
    number: { type: 'integer', readOnly: true, list: true, sortable: true, filterable: true },
    tenant_id: doctor,
    plan_id: plan,
    kind: { type: 'string', readOnly: true, filterable: true, list: true, labels: 'invoices.kinds.{}' },
    // What the invoice is for, as it stood when issued: the subscription's period, the plan's
    // yearly price and discount (amount is what is due). Empty on invoices issued before them.
    period_start: { type: 'date', readOnly: true, nullable: true },
    period_end: { type: 'date', readOnly: true, nullable: true },
    price: { type: 'money', readOnly: true, nullable: true },
    discount: { type: 'integer', readOnly: true, nullable: true, unit: '%' },
    amount: { type: 'money', readOnly: true, list: true, sortable: true },
    issued_on: { type: 'date', readOnly: true, list: true, sortable: true, filterable: true },
    due_on: { type: 'date', readOnly: true, list: true, sortable: true, filterable: true },
    is_paid: { type: 'boolean', required: true, list: true, filterable: true, labels: 'invoices.isPaid.{}', tones: { true: 'green', false: 'red' } },
    paid_at: { type: 'datetime', readOnly: true, list: true },
  },
});

// Admins' requests about doctors, decided by the Owner or a Developer (src/server/modules/requests.ts).
export const doctorRequests = defineResource({
  name: 'doctorRequests',
  path: 'requests',
  table: 'doctor_requests',
  scope: 'central',
  route: 'doctors/requests',
  actions: ['read'],
  access: { read: ROLE_GROUPS.MANAGERS, create: [], update: [], delete: [] },
  // A request is known by whom it is about (its kind is said beside it).
  titleField: 'doctor_name',
  defaultSort: '-created_at',
  menu: { order: 21, icon: 'inbox', badge: { status: 'pending' } },
  fields: {
    kind: { type: 'string', readOnly: true, filterable: true, list: true, labels: 'requests.kinds.{}' },
    tenant_id: doctor,
    // What the Admin asked for (a new doctor's fields, or the changes); never a password.
    payload: { type: 'json', readOnly: true },
    status: { type: 'string', readOnly: true, filterable: true, list: true, labels: 'requests.status.{}' },
    requested_by: { type: 'relation', relation: { resource: 'users', labelField: 'name' }, readOnly: true, filterable: true },
    requester_name: { type: 'string', readOnly: true, list: true },
    decided_by: { type: 'relation', relation: { resource: 'users', labelField: 'name' }, readOnly: true },
    decided_at: { type: 'datetime', readOnly: true },
    // The doctor's values before the change, for the changed fields only (update and plan requests).
    previous: { type: 'json', readOnly: true, nullable: true },
    // Given by the Owner with a rejection, and told to the requester.
    reason: { type: 'string', readOnly: true, nullable: true },
    // Whom the request is about, kept after an accepted delete removes the doctor.
    doctor_name: { type: 'string', readOnly: true, nullable: true },
    doctor_subdomain: { type: 'string', dir: 'ltr', readOnly: true, nullable: true },
  },
});
