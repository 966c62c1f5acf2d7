// The shape of an entity declaration. Everything the server and the client derive about an entity
// (validation, routes, access, OpenAPI, pages, menu, translation keys) is read from one of these.
// Declarations are plain data so the same object is safe to ship to the browser.

import { enumValues } from './enums';
import type { MenuIcon, MenuPlacement } from './menu';
import type { ModuleName } from './modules';

export type Scope = 'central' | 'tenant';
export type Action = 'read' | 'create' | 'update' | 'delete';
export const ACTIONS: readonly Action[] = ['read', 'create', 'update', 'delete'];

export type FieldType =
  | 'string'
  | 'text'
  | 'email'
  | 'phone'
  | 'url'
  | 'integer'
  | 'number'
  | 'money'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'time'
  | 'enum'
  | 'relation'
  | 'list'
  | 'json'
  | 'file'
  | 'password';

export interface FieldDef {
  /**
   * What the field holds (see FieldType): its JSON Schema, column type, input and display follow
   * from it. `enum` names its list in `enum`, `relation` its target in `relation`, `list` its items
   * in `items`; `password` is hashed and never returned; `json` is read-only.
   */
  type: FieldType;
  /**
   * Required when creating; an update may leave it out but may not blank it. On a read-only field:
   * the server always fills it (a printed document's digest), a column never empty.
   */
  required?: boolean;
  /** Set by the server (id, timestamps, computed values); never accepted from a client. */
  readOnly?: boolean;
  /** Accepted from a client but never returned (passwords). */
  writeOnly?: boolean;
  /** A unique index exists on this column (per tenant for tenant tables). */
  unique?: boolean;
  /**
   * With `unique` on text: values differing by case only are distinct (a device's UUID). Without it
   * a unique text compares case-folded: "plainmark" beside "PLAINMARK" is refused as a duplicate
   * (a unique index on lower(); fields stored `lowercase` are folded already).
   */
  caseSensitive?: boolean;
  /** With `unique`: unique among the records sharing these fields (an article's number within its law). */
  uniqueWith?: readonly string[];
  /** May hold null (an empty optional value); the column is nullable. */
  nullable?: boolean;
  /** String types: the fewest characters accepted (a CHECK in the table too). */
  minLength?: number;
  /** String types: the most characters accepted (a CHECK in the table too). */
  maxLength?: number;
  /** Numeric types: the least possible value; anything below is refused (422), never clamped. */
  min?: number;
  /** Numeric types: the greatest possible value; anything above is refused (422), never clamped. */
  max?: number;
  /** Regular expression the value must match (string types). */
  pattern?: string;
  /** Name of a shared enumeration in src/shared/enums.ts; values are its numbers. */
  enum?: string;
  /** Type 'file': the id of an upload (POST /uploads) of the same application; `accept` says what kind. */
  accept?: 'image' | 'document';
  /** Type 'file': must be a public upload (images of public pages). */
  publicFile?: boolean;
  /**
   * Type 'list': an ordered list of small records kept with their parent (a JSON column). An item's
   * relation must name a record of the clinic, and its read-only fields the target also has are
   * copied from it on every save (a prescription's drug name as prescribed); a list whose items
   * hold one relation and nothing else to type (a drug's ingredients) is chosen in a generated form
   * as a multiple select (relationListKey).
   */
  items?: Record<string, FieldDef>;
  /** Type 'list': the most items accepted. */
  maxItems?: number;
  /**
   * Relation target (a resource name) for type 'relation'; the column holds the target id, a
   * foreign key to `(tenant_id, id)` that never cascades. Answers carry the targets' titles
   * (`labelField`) in `labels`, in the caller's language and only for targets the caller may read, so
   * a page asks no request per relation column.
   * `only`: the target must also have one of these values in each named column (an appointment's
   * doctor is a staff member whose role is Main Doctor or Doctor, and who is active).
   */
  relation?: {
    resource: string;
    labelField: string;
    only?: Record<string, readonly (string | number | boolean)[]>;
    /** The title is answered to whoever reads this record, even one who may not read the target (who took a payment, by name). */
    titleForReaders?: boolean;
  };
  /** The value a create leaves out takes (the column's default too). */
  default?: string | number | boolean;
  /** May be used in sort=... (the generated migration indexes it). */
  sortable?: boolean;
  /** May be used in filter[field]=... (the generated migration indexes it). */
  filterable?: boolean;
  /** Included in the q= text search. */
  searchable?: boolean;
  /** Shown as a column in the generated list. */
  list?: boolean;
  /** Left out of the generated forms (still writable through the API unless readOnly). */
  hideInForm?: boolean;
  /** The API's and the device's bookkeeping (the ETag's version, an offline record's device reference): answered, never shown to a person. */
  bookkeeping?: boolean;
  /**
   * Shown in the generated form only while the record's other fields hold one of the values listed
   * (a landing section's e-mail and social links on its contact sections only). A form's aid, not a
   * rule: the API takes the field either way.
   */
  formWhen?: Readonly<Record<string, readonly (string | number | boolean)[]>>;
  /** Stored in lower case (usernames, subdomains); e-mail fields always are. */
  lowercase?: boolean;
  /** Accepted and validated but not stored as a column: handed to the resource's server hooks. */
  virtual?: boolean;
  /**
   * Answered but not stored: the resource's server-side `present` hook fills it on every row (a
   * notification's message in the reader's language). Read-only; never filtered, sorted or searched.
   */
  computed?: boolean;
  /**
   * Answered, not stored: the total of `field` over the records of `of` (a resource declared
   * `within` this one) that belong to the row: a lawsuit's installments paid. The engine selects it
   * with the row, so a list shows it with no request per row. Read-only, like `computed`.
   * `minus`: the records whose `field` holds `equals` count negatively (an item's stock: the
   * movements in less the movements out).
   */
  sum?: { of: string; field: string; minus?: { field: string; equals: string } };
  /**
   * Type 'date': may not be after today (a date of birth): the clinics' today, in their time zone,
   * on the server and in the date picker alike.
   */
  notFuture?: boolean;
  /** Type 'datetime': must lie ahead, at most this many hours from now (a support grant's end). */
  withinHours?: number;
  /**
   * A field holding a code (an audit event's action, a plan history's step): shown through this
   * translation key, `{}` standing for the value ('audit.actions.{}'), `{<field>}` for another field
   * of the record ('enums.{actor_scope}Role.{}': a role of the application the actor belongs to);
   * an unknown code shows as it is. Lists, details, filters and exports all show the label.
   */
  labels?: string;
  /**
   * Type 'integer' holding the id of a record of another resource that is not a foreign key (an audit
   * event's record): `resource` names it, or `field` the field of this record that names it. Answers
   * carry the record's title, in the reader's language, in `labels[<this field>]` keyed
   * `<resource>:<id>` (recordLabelKey), for records the caller may read; a record gone shows its id.
   */
  recordOf?: { resource: string } | { field: string };
  /**
   * Type 'json' holding names of fields of the resource another field names (an audit event's
   * changed fields): shown by those fields' labels in the reader's language, not as names.
   */
  fieldsOf?: { field: string };
  /** Stored sealed under the clinic's key (clinical free text, identifiers): never searched,
   * filtered or sorted by the database; the API answers it in plain to who may read. */
  encrypted?: boolean;
  /** An encrypted field findable by its exact value (a national ID): a keyed hash of it is kept in
   * `<name>_lookup`, so `filter[name]=` and the search box match it whole. */
  lookup?: boolean;
  /** The values a string field may hold: anything else is refused; filters offer them as a list
   * (labelled through `labels`). */
  choices?: readonly string[];
  /** A translation key shown instead of a dash when the value is empty ('audit.platform': no user). */
  emptyLabel?: string;
  /** Unit shown after numeric values (kg, cm, mmHg...). */
  unit?: string;
  /**
   * Numeric fields: the normal (healthy) range. Values outside it are still valid (min/max say
   * what is possible) but are flagged wherever they are shown (lists, patient page, trend chart).
   */
  normal?: { min?: number; max?: number };
  /**
   * The direction of the value whatever the interface language: 'ltr' for Latin tokens inside
   * right-to-left text (usernames, subdomains, codes, blood groups: `AB+` never shows as `+AB`).
   * E-mails, phones, URLs and fields named `*_en` are left to right and `*_ar`, `*_ckb` right to
   * left without saying so (see fieldDir).
   */
  dir?: 'ltr' | 'rtl';
  /**
   * The colour a value's tag is shown in (antd tag colours), by value: `{ true: 'green', false:
   * 'red' }` for a paid flag. Enum fields default to their enumeration's tones (shared/enums.ts).
   * A boolean with `labels` shows its label (`{}` is `true` or `false`) instead of yes/no.
   */
  tones?: Readonly<Record<string, string>>;
  /** Type 'boolean': switched on and off right in the list (a task done) by who may update. */
  toggle?: boolean;
  /**
   * Type 'enum' holding a staff role: the form offers only the roles the signed-in person may give
   * (shared/roles.ts assignableRoles), and the engine refuses any other on a create or a change (422).
   */
  assignable?: boolean;
  /**
   * A create form warns, with a link, when a record already holds the value typed (a patient's
   * phone). 'withTitle': only a record whose title is also alike, as the search box finds it (a
   * patient of the same name, however its letters were typed, born the same day). Filterable fields only.
   */
  warnExisting?: boolean | 'withTitle';
  /**
   * A clinic's own count (a patient's file number): 1, 2, 3… per clinic, given by the database on
   * insert (a trigger, migration 043), never twice, never taken from a client. Read-only and unique
   * per clinic; the search box finds a record by it typed whole, in any script's digits.
   */
  sequence?: boolean;
  /**
   * A number taken from the record chosen in `from` (a relation of the same resource) when a create or a
   * change sets that relation and leaves this field out: a booking's amount from its service's
   * price. A value sent with it wins (a discount).
   */
  fill?: { from: string; field: string };
  /**
   * Given on create, never changed afterwards (a payment's amount: its receipt may be printed). An
   * update sending another value is refused on the field (422); the edit form shows it disabled.
   */
  final?: boolean;
  /**
   * A number the device gives a record made offline before the server numbers it (a payment's
   * receipt printed during an internet cut: the device's prefix and its own count, `7F3A-12`),
   * filled by the outbox (issue 37) and kept on the record as a reference. Final, text, in a
   * resource declared `offline`.
   */
  provisionalNumber?: boolean;
}

/**
 * A one-click change offered on a list's rows (an invoice marked paid): a PATCH of fixed values,
 * for who may update, after a confirmation; labels are translation keys. Or, where the server does
 * more than set fields (a booking request approved: the patient and the booking made), a POST to
 * `<path>/:id/<post>`, whose route asks the same update permission.
 */
export interface RowAction {
  /** Test id and React key: `row-<key>`. */
  key: string;
  /** The fields and values it sets (a PATCH)... */
  set?: Readonly<Record<string, string | number | boolean>>;
  /** ...or the path after the record's it POSTs to. */
  post?: string;
  /** Offered only on rows holding these values (an unpaid invoice). */
  when?: Readonly<Record<string, string | number | boolean>>;
  /** The button's icon (src/shared/menu.ts). */
  icon?: MenuIcon;
  /** Translation key of the button's text. */
  label: string;
  /** Translation key of the question asked before acting. */
  confirm: string;
  /** Said when done. */
  done: string;
  /** Other resources whose records change with it (paying an invoice may reactivate the clinic). */
  invalidates?: readonly string[];
  /** Also offered on the rows ticked in the list, applied to each (each one checked by the API as alone). */
  bulk?: boolean;
  /**
   * A bulk action's question and notice for several rows: translation keys given {{count}} ("Mark
   * these 2 invoices as paid?", never "this invoice"); required with `bulk`.
   */
  many?: { confirm: string; done: string };
}

/** The question and notice of a row action applied to `count` rows: the plural texts past one. */
export function rowActionTexts(action: RowAction, count: number): { confirm: string; done: string; count: number } {
  const texts = count > 1 && action.many ? action.many : { confirm: action.confirm, done: action.done };
  return { ...texts, count };
}

/**
 * A list's ready-made filter (overdue invoices): the filters it sets, by field, each an operator
 * and a value; '$today' stands for the day it is applied (the clinics' day, in the browser).
 */
export interface QuickFilter {
  /** Test id and React key of its button: `quick-<key>`. */
  key: string;
  /** Translation key of its button. */
  label: string;
  /** The filters it sets, by field: an operator and a value ('$today': the day it is applied). */
  filters: Readonly<Record<string, { op: 'eq' | 'lt' | 'lte' | 'gt' | 'gte'; value: string | number | boolean }>>;
}

/**
 * A button on a record's page that POSTs to `<path>/:id/<post>`: a manager's act on the record
 * that is not a change of its fields (sign a staff member out of every device). The route that
 * answers it asks `offersRecordAction` too, so the screen and the API apply one rule.
 */
export interface RecordAction {
  /** The button's test id, and how the route finds its action. */
  key: string;
  /** The path after the record's. */
  post: string;
  /** The button's icon (src/shared/menu.ts). */
  icon?: MenuIcon;
  /** Translation key of the button's text. */
  label: string;
  /** Translation key of the question asked before acting. */
  confirm: string;
  /** Said when done. */
  done: string;
  /** The roles (of the resource's application) offered it. */
  roles: readonly number[];
  /** Not on the caller's own record (their own is managed from their profile). */
  notSelf?: boolean;
}

/** The panels the client can place below a record's details (given by the folders' client.tsx, resources/). */
export const RECORD_PANELS = ['permissions', 'payment', 'labOrder'] as const;

/** A panel by name; `unless`: not on records holding these values (the Main Doctor has every permission). */
export interface RecordPanel {
  /** Which panel: 'permissions' (a staff member's permission matrix), 'payment' or 'labOrder' (its printed form). */
  name: (typeof RECORD_PANELS)[number];
  /** Not shown on records holding these values. */
  unless?: Readonly<Record<string, string | number | boolean>>;
}

/** Who the action is offered to. Never in a support session: the platform's staff help, they do not manage the clinic's people. */
export function offersRecordAction(action: RecordAction, caller: { id: number; role: number; support?: unknown } | null | undefined, recordId: number): boolean {
  if (!caller || caller.support) return false;
  return action.roles.includes(caller.role) && !(action.notSelf && caller.id === recordId);
}

/** A declared record action by key (a route's own: a missing one is a programming error). */
export function recordAction(def: ResourceDef, key: string): RecordAction {
  const action = def.recordActions?.find((a) => a.key === key);
  if (!action) throw new Error(`${def.name} declares no record action ${key}`);
  return action;
}

/**
 * The direction a field's value is typed and shown in, whatever the interface language; undefined:
 * the text's own (free text, names). One rule for every input and display the engine generates.
 */
export function fieldDir(name: string, field: FieldDef): 'ltr' | 'rtl' | undefined {
  if (field.dir) return field.dir;
  if (field.type === 'email' || field.type === 'phone' || field.type === 'url') return 'ltr';
  if (/_en$/.test(name)) return 'ltr';
  if (/_(ar|ckb)$/.test(name)) return 'rtl';
  return undefined;
}

/** Whether a field belongs on the generated form as the record stands (its `formWhen`). */
export function formShows(field: FieldDef, values: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(field.formWhen ?? {}).every(([other, allowed]) => allowed.includes(values[other] as string | number | boolean));
}

/** `field` `op` `other`: diastolic < systolic, paid_amount <= amount, end_day >= start_day. */
export interface FieldComparison {
  /** The field compared, and where the 422 points. */
  field: string;
  /** How it compares with `other`. */
  op: '<' | '<=' | '>' | '>=';
  /** The field it is compared with: both numbers or both dates and times. */
  other: string;
  /** A translation key said instead of the generic "Must be less than {{other}}". */
  message?: string;
}

/**
 * What DELETE does to a record that other records still reference (a patient with visits, a drug
 * in a prescription). `restrict`: refused with 409 naming what holds it. `archive`: the record is
 * archived instead (hidden from pickers and default lists, still shown by name in history,
 * restorable). A record nothing references is deleted under either policy. `cascade`: the record
 * and everything that belongs to it go (a clinic, deleted by the platform with all its data).
 */
export type DeletePolicy = 'restrict' | 'archive' | 'cascade';

/**
 * A row filter an action's rule adds to the yes/no of `access`/`permission`: allowed callers act
 * only on the rows whose `column` holds `equals`, read from the caller (their user id: one's own
 * notifications). The engine ANDs it into every query of that action (list, export, show, update,
 * delete), so a row outside it answers 404 exactly like a missing one, never a 403 that tells it
 * exists. Plain data, not a function: the browser loads the same declaration, and a closed
 * vocabulary of caller values keeps every rule a single indexed equality. A clinic's own rows need
 * no rule: `scope: 'tenant'` already ANDs the clinic into every query.
 */
export interface RowFilter {
  /** The column compared (a create sets it from the caller). */
  column: string;
  /** The caller's value it must hold: today only their user id. */
  equals: 'caller.user_id';
}

export interface CentralAccess {
  /** Central roles (0 Owner, 1 Admin, 2 Service Admin, 3 Developer) allowed per action. */
  read: readonly number[];
  /** Roles that may create. */
  create: readonly number[];
  /** Roles that may update. */
  update: readonly number[];
  /** Roles that may delete. */
  delete: readonly number[];
}

export interface ResourceDef {
  /** Unique identifier across the registry; Refine resource name and translation namespace. */
  name: string;
  /** API path under /api/v1, byte for byte as the product contract has it. */
  path: string;
  /** SQL table. */
  table: string;
  /**
   * 'central': the platform's own records, on the main host. 'tenant': a clinic's records, on its
   * host; `tenant_id` leads the table's keys, and the engine adds the clinic to every query.
   */
  scope: Scope;
  /** Client route (without leading slash). Defaults to the name. */
  route?: string;
  /** Central resources: roles per action. */
  access?: CentralAccess;
  /** Tenant resources: the permission table_name checked for each action (defaults to name). */
  permission?: string;
  /** Tenant resources only the Main Doctor may touch. */
  mainDoctorOnly?: boolean;
  /** Tenant resources every logged-in clinic user may work on (tasks), no permission needed. */
  anyStaff?: boolean;
  /** Tenant resources every logged-in clinic user may read (the price list, for the booking form); writes follow the permission. */
  anyStaffReads?: boolean;
  /**
   * Per action: the rows the rule lets through (see RowFilter, and `ownRows` for the same filter on
   * every action); an action without one: every row. A hand-written route touching many rows takes
   * the same WHERE from `request.data.rowsWhere(def, action)`.
   */
  rowFilter?: Partial<Record<Action, RowFilter>>;
  /**
   * Records that belong to a parent record and are shown inside its page (vital signs inside a
   * patient): the parent resource, the field holding its id, and the tab's route below it. The tab
   * is at `/<parent route>/:id/<tab>` below the parent's details, its list locked to the parent,
   * New prefilled with it, saving back to the tab, no menu entry (src/client/engine/ChildTabs.tsx).
   * The order of the declarations within a file is the order of the parent's tabs.
   */
  within?: { resource: string; field: string; tab: string };
  /**
   * Columns with a constant value for this resource: added to every query and insert. Lets
   * several resources share one table (landing-page items of each kind).
   */
  fixed?: Record<string, string>;
  /**
   * Holds a patient's data (the patient, visits, vital signs...): every read of a record and every
   * list showing some is written to the audit trail, naming the patients (issue 14).
   */
  patientData?: boolean;
  /** Records are written once and never changed (audit events): no updated_at or version. */
  appendOnly?: boolean;
  /** See DeletePolicy; default `restrict`. */
  deletePolicy?: DeletePolicy;
  /**
   * Archiving a record cancels what is still to come for it in another resource, through that
   * resource's relation `field` (an archived patient's future bookings, freeing the doctor's slots
   * and withdrawing their messages); restoring the record does not bring them back. The other
   * resource's server hook `cancelUpcoming` says what is to come and how it is cancelled; the
   * delete confirmation asks `GET /<path>/:id/archive-effects` how many it would cancel.
   */
  cancelsOnArchive?: { resource: string; field: string };
  /** Actions the API offers at all (default: all four). */
  actions?: readonly Action[];
  /** The record's fields by column name, in the order forms and details show them. */
  fields: Record<string, FieldDef>;
  /**
   * A database function `(pattern text, loose text) returns setof <table>` with the clinic's records
   * whose `search_text` column matches the LIKE pattern of q's folded key, or whose `search_loose`
   * column the pattern of its loose key (src/shared/fold.ts: a name found however its letters were
   * typed; loose is null for a short q; a phone typed gives the phone's pattern and no loose one).
   * q= reads from it instead of matching the searchable fields one by one, so an index serves it
   * (patients; migrations 007, 010 and 056 say why it is a function). A resource with a `lookup`
   * field passes its keyed hash of q as a third argument (`lookup text`), so the whole value typed
   * is found through its own index; one with a `sequence` field then the number q names whole, or
   * null (`number bigint`, migration 043). Rows come ranked: the number typed whole, then folded
   * matches, then loose ones, then the list's sort.
   */
  searchFunction?: string;
  /** Field used as the record's title in selects and headings. */
  titleField: string;
  /** Default sort, e.g. '-created_at'. */
  defaultSort: string;
  /**
   * Comparisons between two fields of one record (a paid amount not above the amount, an end not
   * before its start). One evaluator (src/shared/checks.ts) serves the API, the forms and the
   * database's CHECK constraint; a comparison with an empty side holds.
   */
  checks?: readonly FieldComparison[];
  /** One-click changes on the list's rows. */
  rowActions?: readonly RowAction[];
  /** Ready-made filters offered above the list (overdue invoices). */
  quickFilters?: readonly QuickFilter[];
  /** The list offers deleting the ticked rows, each under the delete policy (archived where others use it). */
  bulkDelete?: boolean;
  /** Buttons on a record's page that ask the server to act on it (sign a person out everywhere). */
  recordActions?: readonly RecordAction[];
  /** Hand-made panels below a record's generated details (a staff member's permissions). */
  panels?: readonly RecordPanel[];
  /** Menu placement in the client; absent means not shown in the menu. */
  menu?: MenuPlacement;
  /**
   * The optional module this clinic resource belongs to (src/shared/modules.ts): a clinic without
   * it answers 404 on every route (before anything else, with or without a session), shows no menu
   * entry or page and offers no permission for it. Each module is a boolean column
   * `module_<name>` of the clinic, on the doctor's form, which only the platform's staff edit.
   */
  module?: ModuleName;
  /**
   * The clinic's plan caps how many of these records it keeps: `plan` names the plans column
   * (max_cases), `field` where the 422 points, `message` its translation key ({{limit}}). Counted
   * under a per-clinic lock after the insert, so two racing creates cannot both take the last place.
   */
  quota?: { plan: 'max_cases' | 'max_users' | 'max_visitings'; field: string; message: string };
  /** Central resources anyone may read without logging in (public laws on the platform's site). */
  publicRead?: boolean;
  /**
   * A clinic's records the desk may make while the server cannot be reached (issue 37): a device
   * queues the create and sends it when the link is back. Its table has `client_ref`
   * (CLIENT_REF_FIELD), a UUID the device makes per record, unique per clinic: a create sending one
   * the clinic already holds answers that record (201, as the first answer did) instead of making
   * another, so an answer lost on the way never doubles a patient or a payment. Only these
   * resources accept `client_ref`; every other one refuses it as an unknown field (422).
   */
  offline?: boolean;
}

/** Fields every table has, added by the engine so declarations stay short. */
export const SYSTEM_FIELDS: Record<string, FieldDef> = {
  id: { type: 'integer', readOnly: true, sortable: true, filterable: true },
  created_at: { type: 'datetime', readOnly: true, sortable: true, filterable: true },
  updated_at: { type: 'datetime', readOnly: true, sortable: true, filterable: true },
  /** Raised by the database on every update; the API's ETag (docs/api.md, "Record guarantees"). */
  version: { type: 'integer', readOnly: true, bookkeeping: true },
};

/**
 * The device's own reference of a record made offline (resources declared `offline`): sent on
 * create only, never changed, unique per clinic. Answered with the record, so a device matches
 * what landed to what it queued.
 */
export const CLIENT_REF_FIELD: FieldDef = { type: 'string', readOnly: true, nullable: true, unique: true, caseSensitive: true, maxLength: 36, pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$', dir: 'ltr', bookkeeping: true };

/** Set when a record was archived instead of deleted (resources with deletePolicy 'archive'). */
export const ARCHIVED_FIELD: FieldDef = { type: 'datetime', readOnly: true, nullable: true, sortable: true };

// Asked on every request (columns, list queries): made once per declaration and its fields.
const fieldsMade = new WeakMap<ResourceDef, { fields: ResourceDef['fields']; all: Readonly<Record<string, FieldDef>>; readable: readonly string[] }>();
function madeFields(def: ResourceDef) {
  const made = fieldsMade.get(def);
  if (made && made.fields === def.fields) return made;
  const system = def.appendOnly ? { id: SYSTEM_FIELDS.id } : SYSTEM_FIELDS;
  const all = Object.freeze({ ...system, ...(isArchivable(def) ? { archived_at: ARCHIVED_FIELD } : {}), ...(def.offline ? { client_ref: CLIENT_REF_FIELD } : {}), ...def.fields });
  const readable = Object.freeze(Object.entries(all).filter(([, f]) => !f.writeOnly && !f.virtual).map(([name]) => name));
  const fresh = { fields: def.fields, all, readable };
  fieldsMade.set(def, fresh);
  return fresh;
}

export function allFields(def: ResourceDef): Readonly<Record<string, FieldDef>> {
  return madeFields(def).all;
}

/** The fields a record's page shows a person: neither write-only nor bookkeeping. */
export function shownFields(def: ResourceDef): [string, FieldDef][] {
  return Object.entries(allFields(def)).filter(([, f]) => !f.writeOnly && !f.bookkeeping);
}

/** Whether a numeric value lies below or above its field's normal range (null: normal, or no range). */
export function abnormality(field: FieldDef, value: unknown): 'low' | 'high' | null {
  if (!field.normal || value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  if (field.normal.min !== undefined && n < field.normal.min) return 'low';
  if (field.normal.max !== undefined && n > field.normal.max) return 'high';
  return null;
}

/** The column naming a record's patient: its own id for a patient, else `patient_id` (patientData resources). */
export function patientColumn(def: ResourceDef): 'id' | 'patient_id' | null {
  if (!def.patientData) return null;
  return def.name === 'patients' ? 'id' : 'patient_id';
}

/** The record's patient (patientData resources). */
export function patientIdOf(def: ResourceDef, row: Record<string, unknown>): number | null {
  const column = patientColumn(def);
  const value = column ? row[column] : null;
  return value === null || value === undefined ? null : Number(value);
}

/** The item's relation of a list that is only a choice of records (see FieldDef.items), else undefined. */
export function relationListKey(field: FieldDef): string | undefined {
  if (field.type !== 'list' || !field.items) return undefined;
  const entries = Object.entries(field.items);
  const relations = entries.filter(([, f]) => f.type === 'relation');
  return relations.length === 1 && entries.every(([, f]) => f.type === 'relation' || f.readOnly) ? relations[0][0] : undefined;
}

export function isArchivable(def: ResourceDef): boolean {
  return def.deletePolicy === 'archive';
}

/** Fields a client may send. */
export function writableFields(def: ResourceDef): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => !f.readOnly);
}

/** Answered but held in no column of the resource's table (a `present` hook's value, a sum). */
export function isComputed(field: FieldDef): boolean {
  return !!field.computed || !!field.sum;
}

/** Fields the API returns. */
export function readableFields(def: ResourceDef): readonly string[] {
  return madeFields(def).readable;
}

export function resourceActions(def: ResourceDef): readonly Action[] {
  return def.actions ?? ACTIONS;
}

/** The same row filter for each of the resource's actions (one's own rows, whatever one does). */
export function ownRows(filter: RowFilter): Partial<Record<Action, RowFilter>> {
  return { read: filter, create: filter, update: filter, delete: filter };
}

export function permissionTable(def: ResourceDef): string {
  return def.permission ?? def.name;
}

export function clientRoute(def: ResourceDef): string {
  return def.route ?? def.name;
}

/** Identity helper that keeps literal types and checks the shape. */
export function defineResource<const D extends ResourceDef>(def: D): D {
  // The database cannot search, filter or sort what it only holds sealed.
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.encrypted && (def.scope !== 'tenant' || !['string', 'text'].includes(f.type) || f.searchable || (f.filterable && !f.lookup) || f.sortable)) {
      throw new Error(`${def.name}.${name}: an encrypted field is a clinic's string or text, never searchable, sortable, or filterable but by its lookup`);
    }
    if (f.lookup && !f.encrypted) throw new Error(`${def.name}.${name}: lookup is for encrypted fields (a plain one is filterable)`);
    if (isComputed(f) && (!f.readOnly || f.filterable || f.sortable || f.searchable)) throw new Error(`${def.name}.${name}: a computed field is read-only, never filtered, sorted or searched`);
    if (f.warnExisting && !f.filterable) throw new Error(`${def.name}.${name}: an existing value is looked up through the field's filter`);
    if (f.uniqueWith && (!f.unique || f.uniqueWith.some((w) => !def.fields[w]))) throw new Error(`${def.name}.${name}: uniqueWith names declared fields of a unique one`);
    if (f.assignable && f.type !== 'enum') throw new Error(`${def.name}.${name}: only an enum (a role) is assignable`);
    if (f.toggle && (f.type !== 'boolean' || f.readOnly || !f.list)) throw new Error(`${def.name}.${name}: a toggle is a writable boolean shown in the list`);
    if (f.final && (f.readOnly || f.virtual || f.toggle)) throw new Error(`${def.name}.${name}: a final field is given on create by the client, so neither read-only, virtual nor a toggle`);
    if (f.fill && (def.fields[f.fill.from]?.type !== 'relation' || comparisonKind(f) !== 'number')) throw new Error(`${def.name}.${name}: a number is filled from one of the resource's relations`);
    if (f.fieldsOf && (f.type !== 'json' || !def.fields[f.fieldsOf.field])) throw new Error(`${def.name}.${name}: fieldsOf is a json list of field names of the resource a declared field names`);
    if (f.recordOf && (f.type !== 'integer' || ('field' in f.recordOf && !def.fields[f.recordOf.field]))) throw new Error(`${def.name}.${name}: recordOf is an integer id whose resource is named or held by a declared field`);
    if (f.sequence && (def.scope !== 'tenant' || f.type !== 'integer' || !f.readOnly || !f.unique || f.nullable)) throw new Error(`${def.name}.${name}: a sequence is a clinic's read-only, unique, never empty integer`);
    if (f.formWhen && Object.keys(f.formWhen).some((other) => !def.fields[other] || other === name)) throw new Error(`${def.name}.${name}: formWhen names other declared fields`);
  }
  // Flags that contradict each other (issue 38): refused here, where the declaration is written,
  // not later where one of them silently wins. A list's items are fields too.
  const listItems = Object.entries(def.fields).flatMap(([list, f]) => Object.entries(f.items ?? {}).map(([item, g]) => [`${list}.${item}`, g] as const));
  for (const [name, f] of [...Object.entries(def.fields), ...listItems]) {
    const bounded = (low: number | undefined, high: number | undefined) => low !== undefined && high !== undefined && low > high;
    if (f.required && f.default !== undefined) throw new Error(`${def.name}.${name}: a required field has no default (the client must give it, or the default does: drop one)`);
    if (f.required && f.nullable) throw new Error(`${def.name}.${name}: a required field is not nullable (never empty)`);
    if (f.required && f.hideInForm) throw new Error(`${def.name}.${name}: a required field is not hidden from the form that must give it`);
    if (f.readOnly && f.writeOnly) throw new Error(`${def.name}.${name}: a field is not both read-only and write-only`);
    if (f.writeOnly && (f.list || f.sortable || f.filterable || f.searchable)) throw new Error(`${def.name}.${name}: a write-only field is never answered, so never listed, sorted, filtered or searched`);
    if (f.virtual && (f.unique || f.sortable || f.filterable || f.searchable || f.list || f.sequence || f.default !== undefined)) throw new Error(`${def.name}.${name}: a virtual field is not stored: never unique, sorted, filtered, searched, listed, numbered or defaulted`);
    if (f.caseSensitive && (!f.unique || !['string', 'text'].includes(f.type) || f.lowercase)) throw new Error(`${def.name}.${name}: caseSensitive is for a unique text not stored in lower case`);
    if (f.unique && f.default !== undefined) throw new Error(`${def.name}.${name}: a unique field has no default (a second record would repeat it)`);
    if (bounded(f.min, f.max) || bounded(f.minLength, f.maxLength) || bounded(f.normal?.min, f.normal?.max)) throw new Error(`${def.name}.${name}: its least value, length or normal value is not above its greatest`);
    if ((f.min !== undefined || f.max !== undefined || f.normal || f.unit) && comparisonKind(f) !== 'number') throw new Error(`${def.name}.${name}: min, max, normal and unit are for numbers`);
    if ((f.minLength !== undefined || f.maxLength !== undefined || f.pattern || f.lowercase || f.choices) && !TEXT_TYPES.includes(f.type)) throw new Error(`${def.name}.${name}: lengths, pattern, lowercase and choices are for text`);
    if ((f.type === 'enum') !== !!f.enum || (f.type === 'relation') !== !!f.relation || (f.items && f.type !== 'list')) throw new Error(`${def.name}.${name}: an enum names its enumeration, a relation its target, and only they do; items are a list's`);
    if ((f.notFuture && f.type !== 'date') || (f.withinHours !== undefined && f.type !== 'datetime')) throw new Error(`${def.name}.${name}: notFuture is for a date, withinHours for a datetime`);
    if (f.default !== undefined && !acceptsDefault(f, f.default)) throw new Error(`${def.name}.${name}: its default is a value it would refuse`);
  }
  if (!allFields(def)[def.titleField]) throw new Error(`${def.name}: the title field ${def.titleField} is declared`);
  for (const sort of def.defaultSort.split(',')) {
    if (!allFields(def)[sort.replace(/^-/, '')]) throw new Error(`${def.name}: the default sort ${sort} is by declared fields`);
  }
  // A row action sets writable fields (a PATCH) or posts to its route, and is offered by declared ones.
  for (const action of def.rowActions ?? []) {
    const bad = [...Object.keys(action.set ?? {}).filter((n) => !def.fields[n] || def.fields[n].readOnly), ...Object.keys(action.when ?? {}).filter((n) => !def.fields[n])];
    const updatable = !def.actions || def.actions.includes('update');
    if (bad.length || !updatable || !action.set === !action.post) throw new Error(`${def.name}: row action ${action.key} either sets writable fields or posts, on an updatable resource, offered by declared ones`);
    if (action.bulk && !action.many) throw new Error(`${def.name}: bulk row action ${action.key} says its question and notice for several rows (many)`);
  }
  for (const quick of def.quickFilters ?? []) {
    if (Object.keys(quick.filters).some((n) => !def.fields[n]?.filterable)) throw new Error(`${def.name}: quick filter ${quick.key} filters by filterable fields`);
  }
  if (Object.keys(def.menu?.badge ?? {}).some((n) => !def.fields[n]?.filterable)) throw new Error(`${def.name}: a menu badge counts by filterable fields`);
  for (const panel of def.panels ?? []) {
    if (Object.keys(panel.unless ?? {}).some((n) => !def.fields[n])) throw new Error(`${def.name}: panel ${panel.name} is hidden by declared fields`);
  }
  if (def.module && def.scope !== 'tenant') throw new Error(`${def.name}: a module groups clinic resources`);
  if (def.quota && (def.scope !== 'tenant' || !def.fields[def.quota.field])) throw new Error(`${def.name}: a quota counts a clinic's records and points at one of its fields`);
  if (def.publicRead && def.scope !== 'central') throw new Error(`${def.name}: public reading is for the platform's own content`);
  if (def.offline && (def.scope !== 'tenant' || !resourceActions(def).includes('create') || 'client_ref' in def.fields)) throw new Error(`${def.name}: offline records are a clinic's, made by create, with the engine's client_ref`);
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.provisionalNumber && (!def.offline || f.type !== 'string' || !f.final || !f.nullable)) throw new Error(`${def.name}.${name}: a provisional number is the final, optional text of a record made offline`);
  }
  for (const check of def.checks ?? []) {
    const [a, b] = [def.fields[check.field], def.fields[check.other]];
    if (!a || !b || comparisonKind(a) === null || comparisonKind(a) !== comparisonKind(b)) {
      throw new Error(`${def.name}: ${check.field} ${check.op} ${check.other} compares fields that are not both numbers or both dates`);
    }
  }
  return def;
}

/** The most records one list page returns (a week of a busy clinic's appointments fits). */
export const MAX_PER_PAGE = 500;

/** The types holding text: lengths, pattern, lowercase and choices apply to them. */
const TEXT_TYPES: readonly FieldType[] = ['string', 'text', 'email', 'phone', 'url', 'password'];

/** Whether a field would accept `value` as given: its type, range, choices and enumeration. */
function acceptsDefault(field: FieldDef, value: string | number | boolean): boolean {
  if (field.type === 'boolean') return typeof value === 'boolean';
  if (field.type === 'enum') return typeof value === 'number' && !!field.enum && enumValues(field.enum).includes(value);
  if (comparisonKind(field) === 'number') return typeof value === 'number' && !(field.min !== undefined && value < field.min) && !(field.max !== undefined && value > field.max);
  if (typeof value !== 'string') return false;
  if (field.choices) return field.choices.includes(value);
  return !(field.maxLength !== undefined && value.length > field.maxLength) && !(field.minLength !== undefined && value.length < field.minLength);
}

/** How a field's values compare: as numbers, as instants or days, or not at all. */
export function comparisonKind(field: FieldDef): 'number' | 'time' | null {
  if (['integer', 'number', 'money'].includes(field.type)) return 'number';
  if (['date', 'datetime', 'time'].includes(field.type)) return 'time';
  return null;
}
