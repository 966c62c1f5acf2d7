// A doctor's readable fields as a list of label and value (the doctor's page, and its edit page
// while a request about the doctor is pending).
import { Descriptions } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { shownFields } from '../../../shared/resource';
import { resourceByName } from '../../../../resources';
import { FieldValue, RelationValue } from '../../engine/FieldValue';
import { fieldLabel } from '../../../shared/labels';
import { useT } from '../../i18n/useT';
import { RemainingDays } from './RemainingDays';

const tenants = resourceByName('tenants');
const fields = shownFields(tenants);

export function DoctorDetails({ record, testId = 'doctor-details' }: { record: BaseRecord | undefined; testId?: string }) {
  const t = useT();
  return (
    <Descriptions bordered column={1} size="small" data-testid={testId}>
      {fields.map(([name, field]) => (
        <Descriptions.Item key={name} label={fieldLabel(t, tenants, name)}>
          {field.type === 'relation' ? <RelationValue field={field} value={record?.[name]} /> : <FieldValue name={name} field={field} value={record?.[name]} />}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t('doctors.remainingDays', 'Remaining days')}>
        <RemainingDays end={record?.subscription_end} status={record?.status} />
      </Descriptions.Item>
    </Descriptions>
  );
}
