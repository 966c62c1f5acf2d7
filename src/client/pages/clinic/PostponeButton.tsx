// Postponing asks for the new slot: the booking becomes Postponed and a new one holds the day and
// time chosen (POST /appointments/:id/postpone, one transaction). A taken slot is said with the
// server's reason and nothing changes.
import { useRef, useState } from 'react';
import { Button, Popconfirm, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useT } from '../../i18n/useT';
import { DateInput, TimeInput } from '../../engine/digitInputs';
import { onFields, useAction } from '../../engine/useAction';
import { errorsOf } from '../../engine/formErrors';
import { beforeClinicToday, clinicDay } from '../../engine/clinicDay';

export function PostponeButton({ id, label }: { id: number | string; label: string }) {
  const t = useT();
  const [date, setDate] = useState<Dayjs | null>(() => clinicDay().add(7, 'day'));
  const [time, setTime] = useState<Dayjs | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A taken slot is said in the question, not toasted.
  const { run, busy } = useAction({ failure: onFields, invalidates: [{ resource: 'appointments', invalidates: ['list', 'many', 'detail'] }] });
  const [open, setOpen] = useState(false);
  // A refused slot keeps the question open with the reason (the close that follows is ignored).
  const refused = useRef(false);
  const confirm = async () => {
    if (!date || !time) return;
    setError(null);
    try {
      const slot = { date: date.format('YYYY-MM-DD'), time: time.format('HH:mm') };
      await run({ url: `/appointments/${id}/postpone`, values: slot, success: t('clinic.postponedTo', slot) });
    } catch (err) {
      const fields = Object.values(errorsOf(err)).flat();
      setError(fields.length ? fields.join(' ') : err instanceof Error ? err.message : String(err));
      refused.current = true;
    }
  };
  return (
    <Popconfirm
      icon={null}
      title={t('clinic.postponeTo', 'Postpone to')}
      description={
        <Space direction="vertical" data-testid={`postpone-${id}`}>
          <Space>
            <DateInput value={date} onChange={setDate} allowClear={false} disabledDate={beforeClinicToday} data-testid={`postpone-date-${id}`} />
            <TimeInput value={time} onChange={setTime} format="HH:mm" minuteStep={5} needConfirm={false} data-testid={`postpone-time-${id}`} />
          </Space>
          {error && <Typography.Text type="danger">{error}</Typography.Text>}
        </Space>
      }
      open={open}
      onOpenChange={(next) => {
        if (!next && refused.current) refused.current = false;
        else setOpen(next);
      }}
      okText={label}
      okButtonProps={{ disabled: !date || !time, loading: busy }}
      cancelText={t('buttons.cancel', 'Cancel')}
      onConfirm={confirm}
    >
      <Button size="small" data-testid={`move-${id}-2`}>{label}</Button>
    </Popconfirm>
  );
}
