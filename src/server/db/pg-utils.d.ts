// pg's own value mapping for Bind (the typings leave its lib/ files out): one-sync.ts binds with it,
// as pg's Query does, so a value is sent the same way by either path.
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): unknown;
}
