// What a relation shows when its record's name cannot be read (FieldValue's RelationValue): during
// a cut the device's copy lacks it ("not known on this device"); online the server holds it but
// this user may not read it (a central Admin reading a doctor's plan), and "on this device" read
// oddly there.
import type { Translate } from '../../shared/labels';

export function unnamedText(t: Translate, cut: boolean): string {
  return cut ? t('common.nameNotKnown', 'Name not known on this device') : t('common.nameNotAvailable', 'Name not available to you');
}
