// The clinic's online booking (Main Doctor, Settings -> Profile): whether patients may ask for
// appointments on the clinic's site (/book), which doctors and services they choose from, the
// notice and how far ahead, and whether the desk approves each request or it is booked at once.
// Free times follow each doctor's working hours (Settings -> Working hours).
import { useEffect } from 'react';
import { Button, Card, Select, Space, Switch, Typography } from 'antd';
import { NumberInput } from '../../engine/digitInputs';
import { CalendarOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { useApiGet } from '../../engine/useApiGet';
import { useAction } from '../../engine/useAction';
import { FormField, FormLayout, useHandForm } from '../../engine/kit/form';
import { useDoctors } from './useDoctors';
import type { OnlineBooking } from '../../../shared/onlineBooking';

const FIELDS = ['enabled', 'doctor_ids', 'service_ids', 'min_notice_hours', 'max_days_ahead', 'auto_confirm'] as const;

export function OnlineBookingCard() {
  const t = useT();
  const { control, reset, handleSubmit, failure, showErrors } = useHandForm<OnlineBooking>({ fields: FIELDS });
  // A refusal naming the form's fields is said on them; anything else is toasted.
  const { run, busy: saving } = useAction({ success: t('onlineBooking.saved'), failure, refreshes: ['/settings/online-booking'] });
  const { data } = useApiGet<{ data: OnlineBooking }>('/settings/online-booking');
  const { doctors } = useDoctors();
  const prices = useApiGet<{ data: { id: number; name: string }[] }>('/prices', { 'filter[active]': 'true', sort: 'name', per_page: 200 }, true, ['prices']);
  useEffect(() => {
    // Read again (live): never over what is being typed.
    if (data?.data) reset(data.data, { keepDirtyValues: true });
  }, [data, reset]);

  const save = async (values: OnlineBooking) => {
    try {
      await run({ url: '/settings/online-booking', method: 'put', values: { ...values, service_ids: values.service_ids ?? [], doctor_ids: values.doctor_ids ?? [] } });
    } catch (err) {
      showErrors(err);
    }
  };

  return (
    <Card title={<Space><CalendarOutlined />{t('onlineBooking.settings')}</Space>} data-testid="online-booking-settings">
      <form noValidate onSubmit={(e) => void handleSubmit(save)(e)}>
        <FormLayout>
          <FormField control={control} name="enabled" htmlFor="online-booking-on" label={t('onlineBooking.enabled')}>
            {(f) => <Switch id="online-booking-on" checked={!!f.value} onChange={f.onChange} data-testid="online-booking-enabled" />}
          </FormField>
          <FormField control={control} name="doctor_ids" htmlFor="online-booking-doctors" label={t('onlineBooking.doctors')}>
            {(f) => <Select mode="multiple" id="online-booking-doctors" value={f.value} onChange={f.onChange} onBlur={f.onBlur} options={doctors.map((d) => ({ value: d.id, label: d.name }))} />}
          </FormField>
          <FormField control={control} name="service_ids" htmlFor="online-booking-services" label={t('onlineBooking.services')}>
            {(f) => <Select mode="multiple" id="online-booking-services" allowClear value={f.value} onChange={f.onChange} onBlur={f.onBlur} options={(prices.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />}
          </FormField>
          <Space wrap>
            <FormField control={control} name="min_notice_hours" htmlFor="online-booking-notice" label={t('onlineBooking.notice')}>
              {(f) => <NumberInput id="online-booking-notice" min={0} max={168} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
            </FormField>
            <FormField control={control} name="max_days_ahead" htmlFor="online-booking-ahead" label={t('onlineBooking.ahead')}>
              {(f) => <NumberInput id="online-booking-ahead" min={1} max={90} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
            </FormField>
          </Space>
          <FormField control={control} name="auto_confirm" htmlFor="online-booking-auto" label={t('onlineBooking.autoConfirm')}>
            {(f) => <Switch id="online-booking-auto" checked={!!f.value} onChange={f.onChange} />}
          </FormField>
          <Typography.Paragraph type="secondary">
            {t('onlineBooking.link')} <bdi dir="ltr">{`${window.location.origin}/book`}</bdi>
          </Typography.Paragraph>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="online-booking-save">
            {t('buttons.save', 'Save')}
          </Button>
        </FormLayout>
      </form>
    </Card>
  );
}
