import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources';
import { fileListKey } from '../../src/client/engine/AttachmentsInput';
import { visitBody } from '../../src/client/pages/clinic/lib/visitBody';

describe('lists of files in generated forms', () => {
  it('recognises attachment lists and leaves other lists to their own editors', () => {
    const visit = resourceByName('visitings');
    expect(fileListKey(visit.fields.attachments)).toBe('upload_id');
    expect(fileListKey(resourceByName('tasks').fields.attachments)).toBe('upload_id');
    expect(fileListKey(visit.fields.prescriptions)).toBeUndefined();
    expect(fileListKey(visit.fields.notes)).toBeUndefined();
  });

  it('sends a visit with its attachments', () => {
    const body = visitBody({ attachments: [{ upload_id: 7, note: 'X-ray' }] }, 1, null);
    expect(body.attachments).toEqual([{ upload_id: 7, note: 'X-ray' }]);
    expect(visitBody({}, 1, null).attachments).toEqual([]);
  });
});
