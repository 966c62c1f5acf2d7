// The clinic's online booking (Main Doctor, Settings -> Profile): whether patients may ask for
// appointments on the clinic's site (/book), which doctors and services they choose from, the
// notice and how far ahead, and whether the desk approves each request or it is booked at once.
// Free times follow each doctor's working hours (Settings -> Working hours).
import { useEffect } from 'react';
import { Button, Card, Form, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { errorsOf } from '../../engine/formErrors';
import { useApiGet } from '../../engine/useApiGet';
import { onFields, useAction } from '../../engine/useAction';
import { useDoctors } from './useDoctors';
import type { OnlineBooking } from '../../../shared/onlineBooking';

export function OnlineBookingCard() {
  const t = useT();
  const [form] = Form.useForm<OnlineBooking>();
  const { run, busy: saving } = useAction({ success: t('onlineBooking.saved'), failure: onFields, refreshes: ['/settings/online-booking'] });
  const { data } = useApiGet<{ data: OnlineBooking }>('/settings/online-booking');
  const { doctors } = useDoctors();
  const prices = useApiGet<{ data: { id: number; name: string }[] }>('/prices', { 'filter[active]': 'true', sort: 'name', per_page: 200 }, true, ['prices']);
  useEffect(() => {
    if (data?.data) form.setFieldsValue(data.data);
  }, [data, form]);

  const save = async () => {
    const values = await form.validateFields();
    try {
      await run({ url: '/settings/online-booking', method: 'put', values: { ...values, service_ids: values.service_ids ?? [], doctor_ids: values.doctor_ids ?? [] } });
    } catch (err) {
      const errors = errorsOf(err);
      form.setFields((['doctor_ids', 'service_ids', 'min_notice_hours', 'max_days_ahead'] as const).map((name) => ({ name, errors: errors[name] ?? [] })));
    }
  };

  return (
    <Card title={<Space><CalendarOutlined />{t('onlineBooking.settings')}</Space>} data-testid="online-booking-settings">
      <Form form={form} layout="vertical" onFinish={() => void save().catch(() => undefined)}>
        <Form.Item name="enabled" valuePropName="checked" label={t('onlineBooking.enabled')}>
          <Switch data-testid="online-booking-enabled" />
        </Form.Item>
        <Form.Item name="doctor_ids" htmlFor="online-booking-doctors" label={t('onlineBooking.doctors')}>
          <Select mode="multiple" id="online-booking-doctors" options={doctors.map((d) => ({ value: d.id, label: d.name }))} />
        </Form.Item>
        <Form.Item name="service_ids" label={t('onlineBooking.services')}>
          <Select mode="multiple" allowClear options={(prices.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="min_notice_hours" label={t('onlineBooking.notice')}>
            <InputNumber min={0} max={168} />
          </Form.Item>
          <Form.Item name="max_days_ahead" label={t('onlineBooking.ahead')}>
            <InputNumber min={1} max={90} />
          </Form.Item>
        </Space>
        <Form.Item name="auto_confirm" valuePropName="checked" label={t('onlineBooking.autoConfirm')}>
          <Switch />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          {t('onlineBooking.link')} <bdi dir="ltr">{`${window.location.origin}/book`}</bdi>
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="online-booking-save">
          {t('buttons.save', 'Save')}
        </Button>
      </Form>
    </Card>
  );
}
