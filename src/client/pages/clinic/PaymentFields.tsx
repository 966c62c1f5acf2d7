// "Pay now" on a booking's or a visit's form: what was paid so far of what is charged, the amount
// taken with this save and how (one row of the payments ledger, with its receipt number), and a
// shortcut for the rest. Offered only to who may take payments; the server checks the same and
// refuses more than is owed on the `payment` field.
import { Button, Col, Form, type FormInstance, Row, Select, Typography } from 'antd';
import { resourceByName } from '../../../../resources';
import { enumValues, PAYMENT_METHOD } from '../../../shared/enums';
import type { ResourceDef } from '../../../shared/resource';
import { enumLabel, fieldLabel } from '../../../shared/labels';
import { useMoney } from '../../engine/MoneyText';
import { MoneyInput } from '../../engine/MoneyInput';
import { resourceRule } from '../../engine/nav';
import { allows } from '../../engine/rules';
import { useT } from '../../i18n/useT';
import { callerOf, useSession } from '../../providers/session';

const payments = resourceByName('payments');

/** Whether the signed-in person may take payments (the forms leave the fields out otherwise). */
export function useTakesPayments(): boolean {
  return allows(callerOf(useSession()), resourceRule(payments, 'create'));
}

export function PaymentFields({ def, form, chargeField, paid, idPrefix }: { def: ResourceDef; form: FormInstance; chargeField: 'amount' | 'fee'; paid: number; idPrefix: string }) {
  const t = useT();
  const money = useMoney();
  const charged = Number(Form.useWatch(chargeField, form) ?? 0);
  const left = Math.max(0, Math.round((charged - paid) * 100) / 100);
  const method = def.fields.payment_method;
  return (
    <Row gutter={16} data-testid="payment-fields">
      {(paid > 0 || charged > 0) && (
        <Col xs={24}>
          <Typography.Paragraph type="secondary" data-testid="payment-so-far" style={{ marginBottom: 8 }}>
            {t('payments.alreadyPaid', { paid: money(paid), charged: money(charged) })}
            {left > 0 && (
              <Button type="link" size="small" data-testid="pay-rest" onClick={() => form.setFieldValue('payment', left)}>
                {t('payments.payRest', { left: money(left) })}
              </Button>
            )}
          </Typography.Paragraph>
        </Col>
      )}
      <Col xs={12} md={8}>
        <Form.Item
          htmlFor={`${idPrefix}-payment`}
          name="payment"
          label={fieldLabel(t, def, 'payment')}
          dependencies={[chargeField]}
          rules={[
            {
              validator: (_r, value) => {
                const amount = Number(value ?? 0);
                if (amount < 0) return Promise.reject(new Error(t('validation.minimum', { limit: 0 })));
                if (amount > left) return Promise.reject(new Error(left > 0 ? t('validation.paymentAboveOwed', { left: money(left) }) : t('validation.nothingOwed')));
                return Promise.resolve();
              },
            },
          ]}
        >
          <MoneyInput id={`${idPrefix}-payment`} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} md={8}>
        <Form.Item name="payment_method" htmlFor={`${idPrefix}-payment_method`} label={fieldLabel(t, def, 'payment_method')} initialValue={PAYMENT_METHOD.cash}>
          <Select id={`${idPrefix}-payment_method`} options={enumValues(method.enum ?? '').map((v) => ({ value: v, label: enumLabel(t, method, v) }))} />
        </Form.Item>
      </Col>
    </Row>
  );
}
