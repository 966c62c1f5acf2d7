// The prescription rows of a visit: drug (searchable), dose, frequency, duration, notes; rows can
// be added and removed (react-hook-form's field array). The server's per-row errors land on their
// row through the form (the field names follow the API's, `prescriptions.1.drug_id`).
import { Button, Card, Col, Row, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type Control, useFieldArray } from 'react-hook-form';
import { useT } from '../../i18n/useT';
import { CatalogSelect } from './CatalogSelect';
import { AllergyWarning } from './AllergyWarning';
import { FreeTextInput } from '../../engine/FreeTextInput';
import { FormField } from '../../engine/kit/form';
import type { RxRow } from './lib/visitBody';

const TEXT_FIELDS = ['dose', 'frequency', 'duration', 'notes'] as const;

/** The visit form's values the rows hold. */
export interface RxValues {
  prescriptions?: RxRow[];
}

/** The names a refusal may give the rows' fields (useHandForm's `fields`). */
export const RX_FIELDS = ['drug_id', ...TEXT_FIELDS].map((f) => `prescriptions.*.${f}` as const);

/** `patientId`: whose allergies a picked drug is checked against. */
export function PrescriptionRows({ patientId, control }: { patientId: number; control: Control<RxValues> }) {
  const t = useT();
  const { fields: rows, append, remove } = useFieldArray({ control, name: 'prescriptions' });
  return (
    <Card size="small" title={t('fields.prescriptions', 'Prescriptions')} data-testid="prescriptions">
      {rows.length === 0 && <Typography.Text type="secondary">{t('clinic.noPrescriptions', 'No drugs prescribed')}</Typography.Text>}
      {rows.map((row, index) => (
        <Row key={row.id} gutter={8} align="top" data-testid={`rx-row-${index}`} wrap>
          <Col xs={24} md={6}>
            <FormField control={control} name={`prescriptions.${index}.drug_id`} htmlFor={`rx-${index}-drug`} label={t('clinic.drug', 'Drug')} rules={{ validate: (v) => (v !== undefined && v !== null) || t('validation.required', 'This field is required') }} required>
              {(f) => <CatalogSelect resource="drugs" id={`rx-${index}-drug`} showStock value={f.value} onChange={(v) => f.onChange(v)} />}
            </FormField>
          </Col>
          {TEXT_FIELDS.map((f) => (
            <Col key={f} xs={12} md={f === 'notes' ? 5 : 4}>
              <FormField control={control} name={`prescriptions.${index}.${f}`} htmlFor={`rx-${index}-${f}`} label={t(`clinic.rx.${f}`, f)}>
                {(field) => <FreeTextInput id={`rx-${index}-${f}`} maxLength={f === 'notes' ? 300 : 100} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
              </FormField>
            </Col>
          ))}
          <Col xs={24} md={1} style={{ paddingTop: 30 }}>
            <Button danger icon={<DeleteOutlined />} onClick={() => remove(index)} aria-label={t('clinic.removeRow', 'Remove')} data-testid={`rx-remove-${index}`} />
          </Col>
          <Col xs={24}>
            <AllergyWarning patientId={patientId} index={index} control={control} />
          </Col>
        </Row>
      ))}
      {/* antd's form list added a row without moving the focus: so here. */}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => append({}, { shouldFocus: false })} data-testid="rx-add" block>
        {t('clinic.addDrug', 'Add drug')}
      </Button>
    </Card>
  );
}
