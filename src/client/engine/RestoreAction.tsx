// Brings an archived record back into lists and pickers (for whoever may delete it).
import { Button } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import type { ResourceDef } from '../../shared/resource';
import { useT } from '../i18n/useT';
import { useAction } from './useAction';
import { useCanDo } from './useCanDo';

export function RestoreAction({ def, id, withText }: { def: ResourceDef; id: string | number; withText?: boolean }) {
  const t = useT();
  const allowed = useCanDo(def, 'delete');
  const { run, busy } = useAction({ success: t('notifications.restored', 'Restored'), invalidates: [{ resource: def.name, invalidates: ['list', 'detail', 'many'], id }] });
  if (!allowed) return null;
  const restore = () => run({ url: `/${def.path}/${encodeURIComponent(String(id))}/restore` }).catch(() => undefined);
  return (
    <Button size="small" icon={<UndoOutlined />} loading={busy} onClick={() => void restore()} aria-label={t('buttons.restore', 'Restore')} data-testid="restore">
      {withText ? t('buttons.restore', 'Restore') : null}
    </Button>
  );
}
