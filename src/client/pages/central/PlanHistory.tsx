import { Tag } from 'antd';
import type { ListExtras } from '../../engine/ListPage';
import { type Translate, valueLabel } from '../../../shared/labels';
import { resourceByName } from '../../../../resources';

const planHistories = resourceByName('planHistories');

const ACTION_COLORS: Record<string, string> = {
  created: 'blue',
  renewed: 'green',
  changed: 'purple',
  reactivated: 'green',
  suspended: 'orange',
  archived: 'default',
};

/** Plan history rows: the action as a translated tag. */
export function planHistoryExtras(t: Translate): ListExtras {
  return {
    renderers: {
      action: (value) => <Tag color={ACTION_COLORS[String(value)] ?? 'default'}>{valueLabel(t, planHistories.fields.action, value)}</Tag>,
    },
  };
}
