// Brings an archived record back into lists and pickers (for whoever may delete it).
import { Button } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { useState } from 'react';
import type { ResourceDef } from '../../shared/resource';
import { useT } from '../i18n/useT';
import { api } from '../providers/http';
import { toast } from '../providers/notify';
import { useCanDo } from './useCanDo';

export function RestoreAction({ def, id, withText }: { def: ResourceDef; id: string | number; withText?: boolean }) {
  const t = useT();
  const allowed = useCanDo(def, 'delete');
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  const restore = async () => {
    setBusy(true);
    try {
      await api(`/${def.path}/${encodeURIComponent(String(id))}/restore`, { method: 'POST' });
      toast('success', t('notifications.restored', 'Restored'));
      await invalidate({ resource: def.name, invalidates: ['list', 'detail', 'many'], id });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" icon={<UndoOutlined />} loading={busy} onClick={() => void restore()} aria-label={t('buttons.restore', 'Restore')} data-testid="restore">
      {withText ? t('buttons.restore', 'Restore') : null}
    </Button>
  );
}
