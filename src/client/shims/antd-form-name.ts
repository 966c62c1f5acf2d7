// What antd's Radio.Group takes from antd's form hooks (a form item's name as one string, for the
// radios' shared name), in place of that module in the client build (scripts/antd-narrow-imports.ts):
// the module also holds antd's Form.useForm, and importing it for this one function put rc-field-form's
// form store on every page with a table (7 KiB gzip on the patients list). Same as antd 5's own.
export function toNamePathStr(name: unknown): string {
  const namePath = name === undefined || name === false ? [] : Array.isArray(name) ? name : [name];
  return namePath.join('_');
}
