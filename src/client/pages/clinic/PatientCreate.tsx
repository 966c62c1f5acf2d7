// The generated patient form, warning when the phone or national ID is already a patient's.
import { resourceByName } from '../../../../resources';
import { FormPage } from '../../engine/FormPage';
import { DuplicateHint } from './DuplicateHint';

const def = resourceByName('patients');

export default function PatientCreate() {
  return <FormPage def={def} mode="create" extra={(v) => <DuplicateHint phone={v.phone} nationalId={v.national_id} />} />;
}
