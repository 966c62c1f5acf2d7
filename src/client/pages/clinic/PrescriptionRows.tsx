// The prescription rows of a visit: drug (searchable), dose, frequency, duration, notes; rows can
// be added and removed. The server's per-row errors land on their row through the form (the
// field names follow the API's, `prescriptions.1.drug_id`).
import { Button, Card, Col, Form, Row, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { CatalogSelect } from './CatalogSelect';
import { AllergyWarning } from './AllergyWarning';
import { FreeTextInput } from '../../engine/FreeTextInput';

const TEXT_FIELDS = ['dose', 'frequency', 'duration', 'notes'] as const;

/** `patientId`: whose allergies a picked drug is checked against. */
export function PrescriptionRows({ patientId }: { patientId: number }) {
  const t = useT();
  return (
    <Form.List name="prescriptions">
      {(rows, { add, remove }) => (
        <Card size="small" title={t('fields.prescriptions', 'Prescriptions')} data-testid="prescriptions">
          {rows.length === 0 && <Typography.Text type="secondary">{t('clinic.noPrescriptions', 'No drugs prescribed')}</Typography.Text>}
          {rows.map((row, index) => (
              <Row key={row.key} gutter={8} align="top" data-testid={`rx-row-${index}`} wrap>
                <Col xs={24} md={6}>
                  <Form.Item
                    name={[row.name, 'drug_id']}
                    htmlFor={`rx-${index}-drug`}
                    label={t('clinic.drug', 'Drug')}
                    rules={[{ required: true, message: t('validation.required', 'This field is required') }]}
                  >
                    <CatalogSelect resource="drugs" id={`rx-${index}-drug`} showStock />
                  </Form.Item>
                </Col>
                {TEXT_FIELDS.map((f) => (
                  <Col key={f} xs={12} md={f === 'notes' ? 5 : 4}>
                    <Form.Item name={[row.name, f]} htmlFor={`rx-${index}-${f}`} label={t(`clinic.rx.${f}`, f)}>
                      <FreeTextInput id={`rx-${index}-${f}`} maxLength={f === 'notes' ? 300 : 100} />
                    </Form.Item>
                  </Col>
                ))}
                <Col xs={24} md={1} style={{ paddingTop: 30 }}>
                  <Button danger icon={<DeleteOutlined />} onClick={() => remove(row.name)} aria-label={t('clinic.removeRow', 'Remove')} data-testid={`rx-remove-${index}`} />
                </Col>
                <Col xs={24}>
                  <AllergyWarning patientId={patientId} index={row.name} />
                </Col>
              </Row>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} data-testid="rx-add" block>
            {t('clinic.addDrug', 'Add drug')}
          </Button>
        </Card>
      )}
    </Form.List>
  );
}
