import { Button, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useCustom, useDelete } from '@refinedev/core';
import { useState } from 'react';
import { type ResourceDef, isArchivable } from '../../shared/resource';
import { useT } from '../i18n/useT';
import { toast } from '../providers/notify';
import { useCanDo } from './useCanDo';
import { pendingOf } from '../providers/pending';

/**
 * What archiving would cancel (a patient's future bookings: ResourceDef.cancelsOnArchive), asked
 * when the confirmation opens; null while unknown or for a resource that cancels nothing.
 */
function useArchiveEffects(def: ResourceDef, id: string | number, open: boolean): Record<string, number> | null {
  const { result } = useCustom<{ data: Record<string, number> }>({
    url: `/${def.path}/${encodeURIComponent(String(id))}/archive-effects`,
    method: 'get',
    queryOptions: { enabled: open && !!def.cancelsOnArchive, staleTime: 0, gcTime: 0 },
  });
  return open && def.cancelsOnArchive ? (result.data?.data ?? null) : null;
}

/** Delete with confirmation ("Are you sure?" / "Delete this record?"). */
export function DeleteAction({ def, id, onDeleted, withText }: { def: ResourceDef; id: string | number; onDeleted?: () => void; withText?: boolean }) {
  const t = useT();
  const allowed = useCanDo(def, 'delete');
  const { mutate, mutation } = useDelete();
  const [open, setOpen] = useState(false);
  const effects = useArchiveEffects(def, id, open);
  if (!allowed) return null;
  const cancels = def.cancelsOnArchive && effects ? (effects[def.cancelsOnArchive.resource] ?? 0) : 0;
  return (
    <Popconfirm
      open={open}
      onOpenChange={setOpen}
      title={t('common.areYouSure', 'Are you sure?')}
      description={
        <>
          {isArchivable(def)
            ? t('common.deleteOrArchive', 'Delete this record? If other records use it, it is archived instead: kept, hidden from lists, and restorable.')
            : t('common.deleteRecord', 'Delete this record?')}
          {cancels > 0 && (
            <div data-testid="archive-cancels" style={{ marginTop: 8 }}>
              <strong>{t(`common.archiveCancels.${def.cancelsOnArchive!.resource}`, { count: cancels })}</strong>
            </div>
          )}
        </>
      }
      okText={t('buttons.delete', 'Delete')}
      cancelText={t('buttons.cancel', 'Cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        mutate(
          { resource: def.name, id, successNotification: false },
          {
            onSuccess: (result) => {
              // An Admin's delete becomes a request, a used record is archived: the server says so.
              const archived = (result.data as { archivedMessage?: string }).archivedMessage;
              toast('success', pendingOf(result.data)?.message ?? archived ?? t('notifications.deleted', 'Deleted'));
              onDeleted?.();
            },
          },
        )
      }
    >
      <Button danger size="small" icon={<DeleteOutlined />} loading={mutation.isPending} aria-label={t('buttons.delete', 'Delete')}>
        {withText ? t('buttons.delete', 'Delete') : null}
      </Button>
    </Popconfirm>
  );
}
