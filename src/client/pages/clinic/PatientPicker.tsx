// A searchable patient select (name, phone or national ID via `q`) with a quick "new patient"
// form in a modal; the new patient is selected at once.
import { useRef, useState } from 'react';
import type { Dayjs } from 'dayjs';
import { Button, Input, Modal, Select, Space } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { type BaseRecord, type HttpError, useForm as useRecordForm } from '@refinedev/core';
import { useWatch } from 'react-hook-form';
import { FormField, FormLayout, useHandForm } from '../../engine/kit/form';
import { useT } from '../../i18n/useT';
import { resourceByName } from '../../../../resources';
import { enumLabel, fieldLabel } from '../../../shared/labels';
import { useRelationOptions } from '../../engine/useRelationOptions';
import { toast } from '../../providers/notify';
import { ExistingHint } from '../../engine/ExistingHint';
import { DateInput } from '../../engine/digitInputs';
import { latinDigits } from '../../../shared/digits';
import { newIdempotencyKey } from '../../providers/http';
import { useMayWork } from './status';
import { formErrorNotification } from '../../providers/notificationProvider';
import { afterClinicToday } from '../../engine/clinicDay';

const appointments = resourceByName('appointments');
const patients = resourceByName('patients');

export function PatientPicker({ value, onChange, id }: { value?: number; onChange?: (v: number | undefined) => void; id?: string }) {
  const t = useT();
  const [extra, setExtra] = useState<{ label: string; value: number } | null>(null);
  const { options, onSearch, loading } = useRelationOptions(appointments.fields.patient_id, value);
  const mayCreate = useMayWork('patients', 'create');
  const [open, setOpen] = useState(false);
  const all = extra && !options.some((o) => o.value === extra.value) ? [extra, ...options] : options;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select<number>
        id={id}
        showSearch
        filterOption={false}
        onSearch={onSearch}
        loading={loading}
        options={all}
        value={value}
        onChange={(v) => onChange?.(v)}
        placeholder={t('clinic.searchPatient', 'Name, phone, file No. or national ID')}
        // The rest of the row beside the button (at 100% it pushed the button off a phone's screen).
        style={{ flex: 1, minWidth: 0 }}
      />
      {mayCreate && (
        <Button icon={<UserAddOutlined />} onClick={() => setOpen(true)} data-testid="quick-patient">
          {t('clinic.newPatient', 'New patient')}
        </Button>
      )}
      {open && (
        <QuickPatient
          onClose={() => setOpen(false)}
          onCreated={(p) => {
            setExtra(p);
            onChange?.(p.value);
            setOpen(false);
          }}
        />
      )}
    </Space.Compact>
  );
}

const QUICK_FIELDS = ['name', 'gender', 'phone', 'date_of_birth', 'national_id'] as const;

interface QuickValues {
  name?: string;
  gender?: number;
  phone?: string;
  date_of_birth?: Dayjs | null;
  national_id?: string;
}

function QuickPatient({ onClose, onCreated }: { onClose: () => void; onCreated: (p: { label: string; value: number }) => void }) {
  const t = useT();
  // One key per submission: a double-click on Save makes one patient.
  const submission = useRef(newIdempotencyKey());
  // The values in react-hook-form: the server's 422 on the fields it names; anything else it names
  // (a plan's patient limit) is toasted.
  const { control, handleSubmit, showErrors, otherErrors } = useHandForm<QuickValues>({ fields: QUICK_FIELDS });
  // Refine's form core saves the patient through the data provider.
  const { onFinish, mutation } = useRecordForm<BaseRecord, HttpError, Record<string, unknown>>({
    liveMode: 'off',
    resource: 'patients',
    action: 'create',
    redirect: false,
    meta: { idempotencyKey: submission.current },
    successNotification: false,
    errorNotification: formErrorNotification,
    onMutationSuccess: ({ data }) => {
      submission.current = newIdempotencyKey();
      toast('success', t('notifications.saved', 'Saved'));
      onCreated({ label: String(data.name), value: Number(data.id) });
    },
    onMutationError: (err) => {
      showErrors(err);
      const rest = otherErrors(err);
      if (rest.length) toast('error', rest.join(' '));
    },
  });
  const [phone, name, born] = useWatch({ control, name: ['phone', 'name', 'date_of_birth'] });
  const submit = handleSubmit((values) => {
    onFinish({ ...values, date_of_birth: values.date_of_birth?.format ? values.date_of_birth.format('YYYY-MM-DD') : undefined }).catch(() => undefined);
  });
  const required = t('validation.required', 'This field is required');
  return (
    <Modal open title={t('clinic.newPatient', 'New patient')} onCancel={onClose} onOk={() => void submit()} confirmLoading={mutation.isPending} okText={t('buttons.save', 'Save')} cancelText={t('buttons.cancel', 'Cancel')} destroyOnHidden>
      <form
        noValidate
        data-testid="quick-patient-form"
        onSubmit={(e) => {
          // Inside the booking's form (in React's tree, through the dialog's portal): not its submission.
          e.stopPropagation();
          void submit(e);
        }}
      >
        <FormLayout>
          <FormField control={control} name="name" htmlFor="quick-name" label={fieldLabel(t, patients, 'name')} rules={{ validate: (v) => !!v?.trim() || required }} required>
            {(f) => <Input id="quick-name" maxLength={120} value={f.value ?? ''} onChange={f.onChange} onBlur={f.onBlur} />}
          </FormField>
          <FormField control={control} name="gender" htmlFor="quick-gender" label={fieldLabel(t, patients, 'gender')} rules={{ validate: (v) => (v !== undefined && v !== null) || required }} required>
            {(f) => <Select id="quick-gender" value={f.value} onChange={f.onChange} onBlur={f.onBlur} options={[0, 1].map((g) => ({ value: g, label: enumLabel(t, patients.fields.gender, g) }))} />}
          </FormField>
          <FormField control={control} name="phone" htmlFor="quick-phone" label={fieldLabel(t, patients, 'phone')}>
            {(f) => <Input id="quick-phone" type="tel" dir="ltr" className="phone-input" maxLength={30} value={f.value ?? ''} onChange={(e) => f.onChange(latinDigits(e.target.value))} onBlur={f.onBlur} />}
          </FormField>
          <FormField control={control} name="date_of_birth" htmlFor="quick-date_of_birth" label={fieldLabel(t, patients, 'date_of_birth')}>
            {(f) => <DateInput id="quick-date_of_birth" style={{ width: '100%' }} disabledDate={afterClinicToday} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
          </FormField>
          <ExistingHint def={patients} values={{ phone, name, date_of_birth: born }} />
        </FormLayout>
      </form>
    </Modal>
  );
}
