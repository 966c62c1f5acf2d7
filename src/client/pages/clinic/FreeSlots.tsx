// The booking form's free slots: the chosen doctor's free start times on the chosen day (GET
// /appointments/availability), one click puts one in the time field. A closed day says why.
import { Button, Form, type FormInstance, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useT } from '../../i18n/useT';
import { useApiGet } from '../../engine/useApiGet';
import { AVAILABILITY_SOURCES, type Availability } from './lib/availability';

export function FreeSlots({ form }: { form: FormInstance }) {
  const t = useT();
  const doctorId = Form.useWatch<number | undefined>('doctor_id', form);
  const date = Form.useWatch<Dayjs | undefined>('date', form);
  const time = Form.useWatch<Dayjs | undefined>('time', form);
  const day = date?.isValid() ? date.format('YYYY-MM-DD') : null;
  const { data } = useApiGet<Availability>('/appointments/availability', { from: day ?? '', doctor_id: doctorId ?? '' }, !!day && !!doctorId, AVAILABILITY_SOURCES);
  const own = data?.data?.days[0]?.doctors.find((d) => d.doctor_id === doctorId);
  if (!own || own.hours === null) return null;
  const chosen = time?.format('HH:mm');
  return (
    <div data-testid="free-slots" style={{ marginBottom: 16 }}>
      {own.closed ? (
        <Typography.Text type="danger">{own.reason ?? t('clinic.closed', 'Closed')}</Typography.Text>
      ) : own.free.length ? (
        <Space size={[4, 4]} wrap>
          <Typography.Text type="secondary">{t('clinic.freeSlotsLabel', 'Free')}:</Typography.Text>
          {own.free.map((slot) => (
            <Button key={slot} size="small" type={slot === chosen ? 'primary' : 'default'} onClick={() => form.setFieldValue('time', dayjs(`2000-01-01T${slot}`))} data-testid={`free-slot-${slot}`}>
              <bdi dir="ltr">{slot}</bdi>
            </Button>
          ))}
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('clinic.noFreeSlots', 'No free slot on this day')}</Typography.Text>
      )}
    </div>
  );
}
