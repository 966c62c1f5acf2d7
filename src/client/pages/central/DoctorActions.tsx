// Actions on one doctor: change plan (a modal; an Admin's becomes a request), renew, and the
// status changes (suspend, archive, reactivate). Every one asks first and reports the server's
// notice; an Admin's request goes back to the list (nothing changed yet).
import { useState } from 'react';
import { Alert, Button, Modal, Popconfirm, Select, Space } from 'antd';
import { FormField, FormLayout, useHandForm } from '../../engine/kit/form';
import { useNavigation } from '@refinedev/core';
import { resourceByName } from '../../../../resources';
import { useRelationOptions } from '../../engine/useRelationOptions';
import { useT } from '../../i18n/useT';
import { ApiError } from '../../providers/http';
import { type ActionCall, onFields, useAction } from '../../engine/useAction';
import { answerOf, changePlan, renewSubscription, setAccountStatus } from './doctorApi';
import { statusActions } from './subscription';

const tenants = resourceByName('tenants');

/**
 * A doctor's action: the server's notice, fresh data, and back to the list when it became a
 * request (nothing changed yet). Resolves when done (Popconfirm keeps its button busy meanwhile).
 */
function useDoctorAction(id: string | number, failure?: false | typeof onFields) {
  const { list } = useNavigation();
  const { run, busy } = useAction({
    failure,
    invalidates: [
      { resource: 'tenants', id, invalidates: ['list', 'detail'] },
      { resource: 'doctorRequests', invalidates: ['list'] },
      { resource: 'invoices', invalidates: ['list'] },
      { resource: 'planHistories', invalidates: ['list'] },
    ],
  });
  const act = async (call: ActionCall<unknown>) => {
    const answer = answerOf(await run(call), '');
    if (answer.pending) list('tenants');
  };
  return { act, busy };
}

export function ChangePlanButton({ id, currentPlan, disabled }: { id: string | number; currentPlan: unknown; disabled?: boolean }) {
  const t = useT();
  // A refusal is said in the dialog.
  const { act, busy: saving } = useDoctorAction(id, onFields);
  const [open, setOpen] = useState(false);
  const { control, reset, handleSubmit, showErrors } = useHandForm<{ plan_id?: number }>({ fields: ['plan_id'] });
  const [formError, setFormError] = useState<string | null>(null);
  const { options, loading } = useRelationOptions(tenants.fields.plan_id, currentPlan);

  const submit = async ({ plan_id }: { plan_id?: number }) => {
    if (plan_id === undefined) return;
    setFormError(null);
    try {
      await act(changePlan(id, plan_id, t('messages.planUpdated', 'Plan updated')));
      setOpen(false);
    } catch (err) {
      // On the plan's field, or above it when the refusal names none.
      if (!showErrors(err) && err instanceof ApiError && err.statusCode === 422) setFormError(err.message);
    }
  };

  return (
    <>
      <Button
        disabled={disabled}
        data-testid="change-plan"
        onClick={() => {
          reset({ plan_id: typeof currentPlan === 'number' ? currentPlan : undefined });
          setFormError(null);
          setOpen(true);
        }}
      >
        {t('doctors.changePlan', 'Change plan')}
      </Button>
      <Modal
        open={open}
        title={t('doctors.changePlan', 'Change plan')}
        okText={t('buttons.save', 'Save')}
        cancelText={t('buttons.cancel', 'Cancel')}
        confirmLoading={saving}
        onOk={() => void handleSubmit(submit)()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {formError && <Alert type="error" showIcon message={formError} role="alert" style={{ marginBottom: 16 }} />}
        <FormLayout>
          <FormField control={control} name="plan_id" label={t('doctors.newPlan', 'New plan')} htmlFor="field-new-plan" rules={{ required: t('validation.required', 'This field is required') }}>
            {(f) => (
              <Select<number>
                id="field-new-plan"
                data-testid="plan-select"
                value={f.value}
                options={options.map((o) => ({ label: o.label, value: Number(o.value) }))}
                loading={loading}
                onChange={f.onChange}
                onBlur={f.onBlur}
              />
            )}
          </FormField>
        </FormLayout>
      </Modal>
    </>
  );
}

/** Owner and Developer only (the caller decides whether to render it). */
export function RenewButton({ id, disabled }: { id: string | number; disabled?: boolean }) {
  const t = useT();
  const { act, busy } = useDoctorAction(id);
  return (
    <Popconfirm
      title={t('common.areYouSure', 'Are you sure?')}
      description={t('doctors.renewConfirm', 'Renew the subscription for one year and issue its invoice?')}
      okText={t('doctors.renew', 'Renew')}
      cancelText={t('buttons.cancel', 'Cancel')}
      onConfirm={() => act(renewSubscription(id, t('messages.renewed', 'Subscription renewed for a year'))).catch(() => undefined)}
    >
      <Button disabled={disabled} loading={busy} data-testid="renew">
        {t('doctors.renew', 'Renew')}
      </Button>
    </Popconfirm>
  );
}

/** Suspend / archive / reactivate (Owner and Developer). */
export function StatusButtons({ id, status, disabled }: { id: string | number; status: number; disabled?: boolean }) {
  const t = useT();
  const { act, busy } = useDoctorAction(id);
  // Which of the buttons asked (one request at a time).
  const [asked, setAsked] = useState<string | null>(null);
  return (
    <Space wrap>
      {statusActions(status).map((action) => (
        <Popconfirm
          key={action.key}
          title={t('common.areYouSure', 'Are you sure?')}
          description={t(`doctors.confirm.${action.key}`, action.key)}
          okText={t(`doctors.${action.key}`, action.key)}
          cancelText={t('buttons.cancel', 'Cancel')}
          okButtonProps={{ danger: action.key !== 'reactivate' }}
          onConfirm={() => {
            setAsked(action.key);
            return act(setAccountStatus(id, action.status, t('doctors.statusChanged', 'Status updated'))).catch(() => undefined);
          }}
        >
          <Button danger={action.key !== 'reactivate'} disabled={disabled} loading={busy && asked === action.key} data-testid={`status-${action.key}`}>
            {t(`doctors.${action.key}`, action.key)}
          </Button>
        </Popconfirm>
      ))}
    </Space>
  );
}
