// File fields (top level or inside list items) must name an upload of this application and clinic,
// of the declared kind (an image; a public file where the field says `publicFile`). Checked before
// a change can become a request, so a request never carries bad files.
import type { FieldDef } from '../../../shared/resource';
import { type FieldErrors, invalid } from '../../http/errors';
import type { Input } from '../hooks';
import type { WriteContext } from './rule';

export async function fileRefs({ trx, def, input, tenantId }: WriteContext): Promise<void> {
  // Every file id in the input, with where it was.
  const refs: { path: string; field: FieldDef; id: number }[] = [];
  for (const [name, field] of Object.entries(def.fields)) {
    const value = input[name];
    if (field.type === 'file' && value !== undefined && value !== null) refs.push({ path: name, field, id: Number(value) });
    if (field.type === 'list' && Array.isArray(value)) {
      value.forEach((item: Input, i) => {
        for (const [key, sub] of Object.entries(field.items ?? {})) {
          if (sub.type === 'file' && item[key] !== undefined && item[key] !== null) refs.push({ path: `${name}.${i}.${key}`, field: sub, id: Number(item[key]) });
        }
      });
    }
  }
  const errors: FieldErrors = {};
  for (const { path, field, id } of refs) {
    const row = await trx
      .selectFrom('uploads')
      .select(['mime', 'is_public'])
      .where('id', '=', id)
      .where('scope', '=', def.scope)
      .where('tenant_id', tenantId === null ? 'is' : '=', tenantId)
      .executeTakeFirst();
    if (!row || (field.accept === 'image' && !row.mime.startsWith('image/')) || (field.publicFile && !row.is_public)) errors[path] = [{ key: 'validation.relation' }];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}
