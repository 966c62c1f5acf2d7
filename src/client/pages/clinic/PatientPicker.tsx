// A searchable patient select (name, phone or national ID via `q`) with a quick "new patient"
// form in a modal; the new patient is selected at once.
import { useState } from 'react';
import dayjs from 'dayjs';
import { Button, DatePicker, Form, Input, Modal, Select, Space } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import type { BaseRecord, HttpError } from '@refinedev/core';
import { useForm } from '@refinedev/antd';
import { useT } from '../../i18n/useT';
import { resourceByName } from '../../../../resources';
import { enumLabel, fieldLabel } from '../../../shared/labels';
import { useRelationOptions } from '../../engine/useRelationOptions';
import { toast } from '../../providers/notify';
import { ExistingHint } from '../../engine/ExistingHint';
import { PICKER_DIGITS, usePickerClear } from '../../engine/digitInputs';
import { latinDigits } from '../../../shared/digits';
import { errorsOf } from '../../engine/formErrors';
import { useMayWork } from './status';
import { formErrorNotification } from '../../providers/notificationProvider';

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

function QuickPatient({ onClose, onCreated }: { onClose: () => void; onCreated: (p: { label: string; value: number }) => void }) {
  const t = useT();
  // Refine's antd form: it saves and puts the server's 422 on the fields it names; anything
  // else it names (a plan's patient limit) is toasted.
  const { form, formProps, onFinish, mutation } = useForm<BaseRecord, HttpError, Record<string, unknown>>({
    liveMode: 'off',
    resource: 'patients',
    action: 'create',
    redirect: false,
    successNotification: false,
    errorNotification: formErrorNotification,
    onMutationSuccess: ({ data }) => {
      toast('success', t('notifications.saved', 'Saved'));
      onCreated({ label: String(data.name), value: Number(data.id) });
    },
    onMutationError: (err) => {
      for (const [name, messages] of Object.entries(errorsOf(err))) if (!(QUICK_FIELDS as readonly string[]).includes(name)) toast('error', messages.join(' '));
    },
  });
  const clear = usePickerClear();
  const phone: unknown = Form.useWatch('phone', form);
  const name: unknown = Form.useWatch('name', form);
  const born: unknown = Form.useWatch('date_of_birth', form);
  const submit = (values: Record<string, unknown>) => {
    const dob = values.date_of_birth as { format?: (f: string) => string } | undefined;
    onFinish({ ...values, date_of_birth: dob?.format ? dob.format('YYYY-MM-DD') : undefined }).catch(() => undefined);
  };
  return (
    <Modal open title={t('clinic.newPatient', 'New patient')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={mutation.isPending} okText={t('buttons.save', 'Save')} cancelText={t('buttons.cancel', 'Cancel')} destroyOnHidden>
      <Form {...formProps} layout="vertical" onFinish={submit} data-testid="quick-patient-form">
        <Form.Item name="name" label={fieldLabel(t, patients, 'name')} rules={[{ required: true, whitespace: true, message: t('validation.required', 'This field is required') }]}>
          <Input id="quick-name" maxLength={120} />
        </Form.Item>
        <Form.Item name="gender" label={fieldLabel(t, patients, 'gender')} rules={[{ required: true, message: t('validation.required', 'This field is required') }]}>
          <Select id="quick-gender" options={[0, 1].map((g) => ({ value: g, label: enumLabel(t, patients.fields.gender, g) }))} />
        </Form.Item>
        <Form.Item name="phone" label={fieldLabel(t, patients, 'phone')} normalize={(v: string) => latinDigits(v)}>
          <Input id="quick-phone" type="tel" dir="ltr" className="phone-input" maxLength={30} />
        </Form.Item>
        <Form.Item name="date_of_birth" label={fieldLabel(t, patients, 'date_of_birth')}>
          <DatePicker id="quick-date_of_birth" allowClear={clear} components={PICKER_DIGITS} style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <ExistingHint def={patients} values={{ phone, name, date_of_birth: born }} />
      </Form>
    </Modal>
  );
}
