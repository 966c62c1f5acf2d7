// Tasks: the generated list with coloured priorities and a done switch on each row.
import { Switch, Tag } from 'antd';
import { type BaseRecord, useUpdate } from '@refinedev/core';
import { resourceByName } from '../../../../resources';
import { ListPage } from '../../engine/ListPage';
import { enumLabel } from '../../../shared/labels';
import { useT } from '../../i18n/useT';
import { toast } from '../../providers/notify';

const def = resourceByName('tasks');
const PRIORITY_COLORS = ['red', 'orange', 'blue'];

function DoneSwitch({ record }: { record: BaseRecord }) {
  const t = useT();
  const { mutate, mutation } = useUpdate();
  return (
    <Switch
      size="small"
      checked={!!record.is_done}
      loading={mutation.isPending}
      data-testid={`task-done-${String(record.id)}`}
      aria-label={t('resources.tasks.fields.is_done', 'Done')}
      onChange={(v) =>
        mutate(
          { resource: 'tasks', id: record.id ?? '', values: { is_done: v }, successNotification: false },
          { onSuccess: () => toast('success', t('notifications.saved', 'Saved')) },
        )
      }
    />
  );
}

function Priority({ value }: { value: unknown }) {
  const t = useT();
  return <Tag color={PRIORITY_COLORS[Number(value)] ?? 'default'}>{enumLabel(t, def.fields.priority, value)}</Tag>;
}

export default function TasksList() {
  return (
    <ListPage
      def={def}
      extras={{
        renderers: {
          priority: (v) => <Priority value={v} />,
          is_done: (_, r) => <DoneSwitch record={r} />,
        },
      }}
    />
  );
}
