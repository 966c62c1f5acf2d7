// Which API test files run a second time on a real PostgreSQL server (`npm run test:postgres`,
// in CI after `npm test`). Every file runs on the embedded database in `npm test`; the second pass
// is for the files whose behaviour depends on the database: more than one connection or process,
// notices between processes, the server's own catalog, roles and row-level security, connections
// lost, or writes racing each other (which the embedded database, one connection, serializes).
// Every API file is named in one list or the other, with its reason (tests/api/passes.test.ts):
// a new file has to be placed on purpose.

/** Run on PostgreSQL too: why the database kind matters for each. */
export const POSTGRES_PASS: Record<string, string> = {
  'access-epoch': 'access changes seen by a second process from the next request',
  'master-key': "the clinics' wrapped keys read from a server database at start",
  'name-search': "the search keys' SQL functions and trigram indexes of PostgreSQL itself",
  audit: 'append-only under the app role and the owner role alike',
  'citus-schema': "the server's catalog judged for Citus",
  'clinic-rules': 'two bookings racing for one slot',
  'db-connection': 'a connection dropped under the server (PostgreSQL only)',
  'db-refusals': "constraint refusals under row-level security, which hides PostgreSQL's detail",
  encryption: "no plaintext in the cluster's files",
  exports: 'the copy job taken over from another connection',
  'http-guarantees': 'the same Idempotency-Key sent twice at once, on two connections',
  isolation: 'row-level security under the app role',
  live: 'events heard by a second process through notices',
  migrations: 'migrations on a server database',
  money: 'two desks paying one booking at once',
  outbox: 'two senders on their own pools never send twice',
  scheduler: 'a rival scheduler on a pool of its own',
  'schema-drift': "the declarations against the server's catalog",
  sequences: 'counts given under parallel creates',
  'session-cache': 'sessions dropped on changes made by another process',
  'table-generator': 'generated tables refused by the database itself',
  'sync-changes': "a transaction committing late on another connection is not skipped by the change feed",
  'template-db': 'the template database the PostgreSQL pass copies',
  'two-nodes': 'two server processes on one database (PostgreSQL only)',
  visits: 'two requests racing for the last place of a plan',
};

/** The embedded database only: application logic that reads and writes alike on both. */
export const EMBEDDED_ONLY: Record<string, string> = {
  'allergy-check': 'allergies against what a drug contains',
  'archive-cancels': "an archived patient's bookings cancelled",
  'assignable-roles': 'role rules',
  auth: 'logins, throttling and recovery',
  availability: 'working hours and free slots',
  'bad-input': 'input refused before the database',
  'route-rules': "routes' declared schemas and access, and the order of their refusals",
  central: 'central workflows',
  'check-in': "the queue's moves",
  'clinic-currency': "the clinic's currency",
  'clinic-data': "the clinic's custom endpoints",
  'delete-policies': 'delete policies of the relations',
  'digits-phones': 'digits and phones normalized by the server',
  export: 'list exports as CSV and Excel',
  'field-checks': 'declared comparisons between fields',
  'file-store': 'files on disk and in a bucket',
  'final-fields': 'final fields',
  landing: 'the public landing pages',
  letterhead: 'the printed letterhead',
  mfa: 'two-step verification',
  modules: 'optional modules on and off',
  'online-booking': 'online booking',
  'outbox-transports': 'HTTP transports of messages',
  passes: 'these lists, checked',
  'patient-safety': "the safety header's call",
  permissions: 'the permission matrix',
  prices: 'the price list',
  'static-paths': 'what the server answers outside the API',
  'public-laws': 'content read without a login',
  'record-versions': 'versions and If-Match',
  'relation-labels': "related records' titles",
  'request-details': "requests the Owner decides on",
  restore: "a clinic's copy restored",
  'row-filters': 'row filters built by the engine',
  rules: 'business rules of the backbone resources',
  series: 'recurring bookings',
  sessions: 'devices signed in and signed out',
  settings: 'profiles and settings screens',
  sums: 'declared sums',
  support: 'support access',
  uploads: 'upload checks and limits',
};

/** The PostgreSQL pass's files, as the config's include patterns. */
export const postgresPassFiles = (): string[] => Object.keys(POSTGRES_PASS).map((name) => `tests/api/${name}.test.ts`);
