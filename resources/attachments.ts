import type { FieldDef } from '../src/shared/resource';

/** Files attached to a record (images, PDFs), as uploads of the same clinic. */
export const attachments: FieldDef = {
  type: 'list',
  maxItems: 20,
  items: {
    upload_id: { type: 'file', required: true },
    note: { type: 'string', maxLength: 200, nullable: true },
  },
};
