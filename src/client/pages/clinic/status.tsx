// Appointment status tag and the one-click moves (PATCH status) with the "Open visit" button.
import { Button, Space, Tag, Tooltip } from 'antd';
import { MedicineBoxOutlined } from '@ant-design/icons';
import { useUpdate } from '@refinedev/core';
import { Link } from 'react-router';
import { useT } from '../../i18n/useT';
import { enumLabel } from '../../../shared/labels';
import { callerOf, useSession } from '../../providers/session';
import { hasPermission } from '../../../shared/access';
import { toast } from '../../providers/notify';
import { STATUS, nextMoves } from './lib/queue';

export const STATUS_FIELD = { type: 'enum' as const, enum: 'appointmentStatus' };
export const STATUS_COLORS: Record<number, string> = { 0: 'blue', 1: 'gold', 2: 'default', 3: 'volcano', 4: 'purple', 5: 'cyan', 6: 'green' };

export function StatusTag({ status }: { status: unknown }) {
  const t = useT();
  const n = Number(status);
  return <Tag color={STATUS_COLORS[n] ?? 'default'} data-status={n}>{enumLabel(t, STATUS_FIELD, n)}</Tag>;
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
  const move = (to: number) =>
    mutate(
      { resource: 'appointments', id, values: { status: to }, successNotification: false },
      // A refused move (the slot is taken again, say) is toasted with the server's reason.
      { onSuccess: () => toast('success', t('clinic.statusChanged', { status: enumLabel(t, STATUS_FIELD, to) })) },
    );
  return (
    <Space size={4} wrap>
      {mayUpdate &&
        nextMoves(status).map((to) => (
          <Tooltip key={to} title={t('clinic.moveTo', { status: enumLabel(t, STATUS_FIELD, to) })}>
            <Button size="small" data-testid={`move-${id}-${to}`} loading={mutation.isPending && (mutation.variables?.values as { status?: number } | undefined)?.status === to} onClick={() => move(to)}>
              {enumLabel(t, STATUS_FIELD, to)}
            </Button>
          </Tooltip>
        ))}
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
