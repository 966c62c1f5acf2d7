// The booking form's free slots: the chosen doctor's free start times on the chosen day (GET
// /appointments/availability), one click puts one in the time field. A closed day says why.
import { Button, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type Control, useWatch } from 'react-hook-form';
import { useT } from '../../i18n/useT';
import { useApiGet } from '../../engine/useApiGet';
import { AVAILABILITY_SOURCES, type Availability } from './lib/availability';

/** The booking form's values they follow. */
export interface SlotValues {
  doctor_id?: number;
  date?: Dayjs | null;
  time?: Dayjs | null;
}

/** `onPick`: puts a free start time in the form's time field. */
export function FreeSlots({ control, onPick }: { control: Control<SlotValues>; onPick: (time: Dayjs) => void }) {
  const t = useT();
  const [doctorId, date, time] = useWatch({ control, name: ['doctor_id', 'date', 'time'] });
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
            <Button key={slot} size="small" type={slot === chosen ? 'primary' : 'default'} onClick={() => onPick(dayjs(`2000-01-01T${slot}`))} data-testid={`free-slot-${slot}`}>
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
