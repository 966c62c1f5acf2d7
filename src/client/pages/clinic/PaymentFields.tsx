// "Pay now" on a booking's or a visit's form: what was paid so far of what is charged, the amount
// taken with this save and how (one row of the payments ledger, with its receipt number), and a
// shortcut for the rest. Offered only to who may take payments; the server checks the same and
// refuses more than is owed on the `payment` field.
import { useEffect } from 'react';
import { Button, Col, Row, Select, Typography } from 'antd';
import { type Control, type UseFormReturn, useWatch } from 'react-hook-form';
import { resourceByName } from '../../../../resources';
import { enumValues, PAYMENT_METHOD } from '../../../shared/enums';
import type { ResourceDef } from '../../../shared/resource';
import { enumLabel, fieldLabel } from '../../../shared/labels';
import { useMoney } from '../../engine/MoneyText';
import { MoneyInput } from '../../engine/MoneyInput';
import { resourceRule } from '../../engine/nav';
import { allows } from '../../engine/rules';
import { FormField } from '../../engine/kit/form';
import { useT } from '../../i18n/useT';
import { callerOf, useSession } from '../../providers/session';

const payments = resourceByName('payments');

/** The charge: a booking's amount, a visit's fee. */
type Charge = 'amount' | 'fee';

/** The fields of a form these take part in: its charge and the payment. */
export type PaymentValues<C extends Charge> = { payment?: number | null; payment_method?: number | null } & { [K in C]?: number | null };

/** What of the form they use (a form of more values passes its own). */
export type PaymentForm<C extends Charge> = Pick<UseFormReturn<PaymentValues<C>>, 'setValue' | 'trigger' | 'getFieldState'> & { control: Control<PaymentValues<C>> };

/** Whether the signed-in person may take payments (the forms leave the fields out otherwise). */
export function useTakesPayments(): boolean {
  return allows(callerOf(useSession()), resourceRule(payments, 'create'));
}

export function PaymentFields<C extends Charge>({ def, form, chargeField, paid, idPrefix }: { def: ResourceDef; form: PaymentForm<C>; chargeField: C; paid: number; idPrefix: string }) {
  const t = useT();
  const money = useMoney();
  // Read as one charge's form: the fields named below are the same whichever charge it is.
  const { control, setValue, trigger, getFieldState } = form as unknown as PaymentForm<Charge>;
  const charged = Number(useWatch({ control, name: chargeField }) ?? 0);
  const left = Math.max(0, Math.round((charged - paid) * 100) / 100);
  const method = def.fields.payment_method;
  // A changed charge checks a payment typed against it again (antd's `dependencies`).
  useEffect(() => {
    if (getFieldState('payment').isTouched) void trigger('payment');
  }, [left, getFieldState, trigger]);
  return (
    <Row gutter={16} data-testid="payment-fields">
      {(paid > 0 || charged > 0) && (
        <Col xs={24}>
          <Typography.Paragraph type="secondary" data-testid="payment-so-far" style={{ marginBottom: 8 }}>
            {t('payments.alreadyPaid', { paid: money(paid), charged: money(charged) })}
            {left > 0 && (
              <Button type="link" size="small" data-testid="pay-rest" onClick={() => setValue('payment', left, { shouldValidate: true, shouldTouch: true })}>
                {t('payments.payRest', { left: money(left) })}
              </Button>
            )}
          </Typography.Paragraph>
        </Col>
      )}
      <Col xs={12} md={8}>
        <FormField
          control={control}
          name="payment"
          htmlFor={`${idPrefix}-payment`}
          label={fieldLabel(t, def, 'payment')}
          rules={{
            validate: (value) => {
              const amount = Number(value ?? 0);
              if (amount < 0) return t('validation.minimum', { limit: 0 });
              if (amount > left) return left > 0 ? t('validation.paymentAboveOwed', { left: money(left) }) : t('validation.nothingOwed');
              return true;
            },
          }}
        >
          {(f) => <MoneyInput id={`${idPrefix}-payment`} style={{ width: '100%' }} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
        </FormField>
      </Col>
      <Col xs={12} md={8}>
        <FormField control={control} name="payment_method" htmlFor={`${idPrefix}-payment_method`} label={fieldLabel(t, def, 'payment_method')} defaultValue={PAYMENT_METHOD.cash}>
          {(f) => <Select id={`${idPrefix}-payment_method`} value={f.value} onChange={f.onChange} onBlur={f.onBlur} options={enumValues(method.enum ?? '').map((v) => ({ value: v, label: enumLabel(t, method, v) }))} />}
        </FormField>
      </Col>
    </Row>
  );
}
