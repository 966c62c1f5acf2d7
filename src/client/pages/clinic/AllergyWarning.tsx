// The warning under a prescription row as soon as its drug is picked: what in the drug the patient
// is allergic to (an ingredient, its class) or a class known to cross-react, with the allergy's
// severity, from the server's own check (GET /patients/:id/allergy-check), which refuses the save
// too unless the doctor prescribes anyway with a reason.
import { Alert, Tag } from 'antd';
import { type Control, useWatch } from 'react-hook-form';
import { type AllergyFinding, findingMessage } from '../../../shared/allergies';
import { enumLabel } from '../../../shared/labels';
import { enumColor } from '../../engine/FieldValue';
import { resourceByName } from '../../../../resources';
import { useT } from '../../i18n/useT';
import { useApiGet } from '../../engine/useApiGet';
import type { RxValues } from './PrescriptionRows';

const severity = resourceByName('allergies').fields.severity;

interface Check {
  id: number;
  name: string;
  findings: AllergyFinding[];
}

export function AllergyWarning({ patientId, index, control }: { patientId: number; index: number; control: Control<RxValues> }) {
  const t = useT();
  const drugId = useWatch({ control, name: `prescriptions.${index}.drug_id` });
  const picked = drugId !== undefined && Number.isSafeInteger(drugId);
  const { data } = useApiGet<{ data: Check | null }>(`/patients/${patientId}/allergy-check`, picked ? { drug_id: drugId } : undefined, picked, ['allergies', 'drugs', 'ingredients']);
  const check = picked ? data?.data : null;
  if (!check?.findings.length) return null;
  const allergy = check.findings.some((f) => f.level === 'allergy');
  return (
    <Alert
      type={allergy ? 'error' : 'warning'}
      showIcon
      role="alert"
      data-testid={`rx-allergy-${index}`}
      style={{ marginBottom: 8 }}
      message={
        <>
          {check.findings.map((f) => (
            <div key={`${f.substance}-${f.via.name}`}>
              <Tag color={enumColor(severity, f.severity)}>{enumLabel(t, severity, f.severity)}</Tag>
              {t(findingMessage(check.name, f), { drug: check.name, substance: f.substance, via: f.via.name })}
            </div>
          ))}
        </>
      }
    />
  );
}
