/** A database function kept whole in src/server/db/functions/: its `create or replace` and the grants that go with it. */
export interface DbFunction {
  name: string;
  sql: string;
  /** Statements after it (who may execute it); each may be run again. */
  grants?: readonly string[];
}
