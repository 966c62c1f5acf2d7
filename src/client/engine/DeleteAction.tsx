import { Button, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useDelete } from '@refinedev/core';
import { type ResourceDef, isArchivable } from '../../shared/resource';
import { useT } from '../i18n/useT';
import { toast } from '../providers/notify';
import { useCanDo } from './useCanDo';
import { pendingOf } from '../providers/pending';

/** Delete with confirmation ("Are you sure?" / "Delete this record?"). */
export function DeleteAction({ def, id, onDeleted, withText }: { def: ResourceDef; id: string | number; onDeleted?: () => void; withText?: boolean }) {
  const t = useT();
  const allowed = useCanDo(def, 'delete');
  const { mutate, mutation } = useDelete();
  if (!allowed) return null;
  return (
    <Popconfirm
      title={t('common.areYouSure', 'Are you sure?')}
      description={
        isArchivable(def)
          ? t('common.deleteOrArchive', 'Delete this record? If other records use it, it is archived instead: kept, hidden from lists, and restorable.')
          : t('common.deleteRecord', 'Delete this record?')
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
