// Generated detail page: every readable field in a Descriptions list (related records by the
// titles the answer carries), and below it the tabs of the
// records declared `within` this resource (ChildTabs). Also the page of those tabs' routes.
import { Button, Descriptions, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { Show } from './kit/views';
import { EditButton } from './kit/buttons';
import { allFields, clientRoute, type ResourceDef, shownFields } from '../../shared/resource';
import { screensOf } from './screens';
import { useT } from '../i18n/useT';
import { DeleteAction } from './DeleteAction';
import { RestoreAction } from './RestoreAction';
import { FieldValue } from './FieldValue';
import { labelsOf } from '../providers/dataProvider';
import { fieldLabel, recordLabelKey, resourceTitle, valueLabel } from '../../shared/labels';
import { useCanDo } from './useCanDo';
import { useNavigation, useShow } from '@refinedev/core';
import { ChildTabs } from './ChildTabs';
import { RecordExtras } from './RecordActions';
import { WaitingMark, isProvisional } from './WaitingMark';
import { notKeptHere } from './keptOnly';

export function ShowPage({ def }: { def: ResourceDef }) {
  const t = useT();
  const canEdit = useCanDo(def, 'update');
  const { list } = useNavigation();
  // From the address: both <route>/show/:id and the tabs' <route>/:id/<tab> name it `id`.
  const { id } = useParams();
  const { query, result } = useShow({ resource: def.name, id });
  const record = result;
  const labels = labelsOf(query.data);
  const fields = shownFields(def);
  // A hand-made area below the record (patients/:id with its tabs), when the screens declare one.
  const area = screensOf(def.scope).find((s) => s.path === `${clientRoute(def)}/:id`);
  // Made during a cut and not on the server yet: marked so, and nothing offered that needs it.
  const waiting = record !== undefined && isProvisional(record);
  return (
    <Show
      title={`${resourceTitle(t, def)}${record?.[def.titleField] ? ` — ${valueLabel(t, allFields(def)[def.titleField], record[def.titleField], record)}` : ''}`}
      isLoading={query.isLoading}
      headerButtons={({ defaultButtons }) => (
        <>
          {defaultButtons}
          {waiting && <WaitingMark record={record} />}
          {area && record?.id !== undefined && !waiting && (
            <Link to={`/${clientRoute(def)}/${String(record.id)}`} data-testid="open-area">
              <Button type="primary">{t(`nav.${area.key}`, area.key)}</Button>
            </Link>
          )}
          {canEdit && record?.id !== undefined && !waiting && <EditButton recordItemId={record.id} resource={def.name} />}
          {record?.archived_at ? <Tag color="default" data-testid="archived-tag">{t('common.archived', 'Archived')}</Tag> : null}
          {record?.id !== undefined &&
            !waiting &&
            (record.archived_at ? <RestoreAction def={def} id={record.id} withText /> : <DeleteAction def={def} id={record.id} withText onDeleted={() => list(def.name)} />)}
        </>
      )}
    >
      <Descriptions bordered column={1} size="small">
        {fields.filter(([name]) => !(waiting && name === 'id')).map(([name, field]) => (
          <Descriptions.Item key={name} label={fieldLabel(t, def, name)}>
            <FieldValue name={name} field={field} value={record?.[name]} record={record} relationLabel={record ? labels[name]?.[recordLabelKey(field, record[name], record)] : undefined} notKept={notKeptHere(query.data, def.name, name)} />
          </Descriptions.Item>
        ))}
      </Descriptions>
      {record?.id !== undefined && <RecordExtras def={def} record={record} />}
      {/* A hand-made area shows the nested records itself (the patient's tabs). */}
      {!area && id && record?.id !== undefined && (
        <div style={{ marginTop: 24 }}>
          <ChildTabs parent={def} parentId={id} />
        </div>
      )}
    </Show>
  );
}
