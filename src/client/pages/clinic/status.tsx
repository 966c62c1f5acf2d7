// Appointment status tag and the one-click moves (PATCH status) with the "Open visit" button.
import { useState } from 'react';
import { Button, Input, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { CheckCircleTwoTone, MedicineBoxOutlined } from '@ant-design/icons';
import { useUpdate } from '@refinedev/core';
import { Link } from 'react-router';
import { useT } from '../../i18n/useT';
import { enumLabel, fieldLabel } from '../../../shared/labels';
import { resourceByName } from '../../../../resources';
import { callerOf, useSession } from '../../providers/session';
import { hasPermission } from '../../../shared/access';
import { STATUS, nextMoves } from './lib/queue';
import { PostponeButton } from './PostponeButton';

export const STATUS_FIELD = { type: 'enum' as const, enum: 'appointmentStatus' };
const APPOINTMENTS = resourceByName('appointments');
export const STATUS_COLORS: Record<number, string> = { 0: 'blue', 1: 'gold', 2: 'default', 3: 'volcano', 4: 'purple', 5: 'cyan', 6: 'green', 7: 'red' };

/** A tick when the patient confirmed the booking from the link in a message. */
export function ConfirmedTick({ at }: { at: unknown }) {
  const t = useT();
  if (!at) return null;
  const said = fieldLabel(t, APPOINTMENTS, 'confirmed_at');
  return (
    <Tooltip title={said}>
      <CheckCircleTwoTone twoToneColor="#52c41a" aria-label={said} data-testid="patient-confirmed" />
    </Tooltip>
  );
}

/** The status, and the tick of a booking its patient confirmed. */
export function StatusTag({ status, confirmed }: { status: unknown; confirmed?: unknown }) {
  const t = useT();
  const n = Number(status);
  const tag = <Tag color={STATUS_COLORS[n] ?? 'default'} data-status={n}>{enumLabel(t, STATUS_FIELD, n)}</Tag>;
  if (!confirmed) return tag;
  return (
    <Space size={2}>
      {tag}
      <ConfirmedTick at={confirmed} />
    </Space>
  );
}

export function useMayWork(table: string, action: 'read' | 'create' | 'update' | 'delete'): boolean {
  const session = useSession();
  return hasPermission(callerOf(session), table, action);
}

/** Buttons moving an appointment to its next statuses, and opening its visit. */
export function AppointmentActions({ id, status }: { id: number | string; status: number; compact?: boolean }) {
  const t = useT();
  const mayUpdate = useMayWork('appointments', 'update');
  const mayVisit = useMayWork('visitings', 'create');
  const { mutate, mutation } = useUpdate();
  const [referral, setReferral] = useState('');
  const move = (to: number, extra: Record<string, string> = {}) =>
    // A refused move (the slot is taken again, say) is toasted with the server's reason.
    mutate({
      resource: 'appointments',
      id,
      values: { status: to, ...extra },
      successNotification: () => ({ type: 'success', message: t('clinic.statusChanged', { status: enumLabel(t, STATUS_FIELD, to) }) }),
    });
  return (
    <Space size={4} wrap>
      {mayUpdate &&
        nextMoves(status).map((to) => {
          // Postponing asks for the new slot first.
          if (to === STATUS.postponed) return <PostponeButton key={to} id={id} label={enumLabel(t, STATUS_FIELD, to)} />;
          const button = (
            <Button size="small" data-testid={`move-${id}-${to}`} loading={mutation.isPending && (mutation.variables?.values as { status?: number } | undefined)?.status === to} onClick={to === STATUS.refer || to === STATUS.cancelled ? undefined : () => move(to)}>
              {enumLabel(t, STATUS_FIELD, to)}
            </Button>
          );
          // A referral asks where to first (the server refuses one without it).
          if (to === STATUS.refer) {
            return (
              <Popconfirm
                key={to}
                icon={null}
                title={fieldLabel(t, APPOINTMENTS, 'referral')}
                description={<Input autoFocus value={referral} onChange={(e) => setReferral(e.target.value)} maxLength={200} data-testid={`referral-${id}`} placeholder={t('clinic.referralPlaceholder', 'A hospital, a clinic or a specialist')} />}
                okText={enumLabel(t, STATUS_FIELD, to)}
                okButtonProps={{ disabled: !referral.trim() }}
                cancelText={t('buttons.cancel', 'Cancel')}
                onConfirm={() => move(to, { referral: referral.trim() })}
              >
                {button}
              </Popconfirm>
            );
          }
          // Cancelling tells the patient (a message, if they were told of the booking): asked first.
          if (to === STATUS.cancelled) {
            return (
              <Popconfirm key={to} title={t('common.areYouSure', 'Are you sure?')} description={t('clinic.cancelBooking')} okText={enumLabel(t, STATUS_FIELD, to)} okButtonProps={{ danger: true }} cancelText={t('buttons.cancel', 'Cancel')} onConfirm={() => move(to)}>
                {button}
              </Popconfirm>
            );
          }
          return (
            <Tooltip key={to} title={t('clinic.moveTo', { status: enumLabel(t, STATUS_FIELD, to) })}>
              {button}
            </Tooltip>
          );
        })}
      {mayVisit && status !== STATUS.done && (
        <Link to={`/visitings/${id}/new`} data-testid={`open-visit-${id}`}>
          <Button size="small" type="primary" icon={<MedicineBoxOutlined />}>
            {t('clinic.openVisit', 'Open visit')}
          </Button>
        </Link>
      )}
    </Space>
  );
}
