// Generated list page: server paging (the total shown, the page size chosen), sorting on sortable
// fields, filters on filterable fields, a search box driving `q`, all kept in the address; the
// columns the person chooses and their saved views (ListTools); translated column titles and
// values (related records' titles as the list answer names them), row actions.
import { type Key, type ReactNode, Suspense, lazy, useDeferredValue, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, type CheckboxProps, Empty, Space, Switch, Table } from 'antd';
import { type BaseRecord, type CrudSort, useGo } from '@refinedev/core';
import { type FieldDef, type ResourceDef, isArchivable } from '../../shared/resource';
import { RestoreAction } from './RestoreAction';
import { useT } from '../i18n/useT';
import { DeleteAction } from './DeleteAction';
import { LoadError } from './LoadError';
import { TableScroll } from './TableScroll';
import { ExportButton } from './ExportButton';
import { WaitingMark } from './WaitingMark';
import { keptOnlyOf, notKeptColumns } from './keptOnly';
import { FieldValue } from './FieldValue';
import { ListFilters } from './ListFilters';
import { quickFilterOn, toggleQuickFilter, withRange } from './quickFilters';
import { fieldLabel, recordLabelKey, resourceTitle } from '../../shared/labels';
import { labelsOf } from '../providers/dataProvider';
import { useCanDo, useRelationReadable } from './useCanDo';
import { recordPath, resourcePaths } from './nav';
import { InlineToggle, RowActionButton } from './RowActions';
import { ColumnChooser, SavedViews } from './ListTools';
import { BulkBar, bulkActionsOf } from './BulkActions';
import { chosenColumns, columnCandidates, defaultColumns, useStoredColumns } from './listColumns';
import { useSession } from '../providers/session';
import { EditButton, ShowButton } from './kit/buttons';
import { ListView } from './kit/ListView';
import { getDefaultSortOrder, useTable } from './kit/useTable';
import { appScope } from '../host';
import { clinicToday } from './instant';

// Loaded only during a cut, when a list from the device lacks days (the note's own chunk).
const KeptOnlyNote = lazy(() => import('./KeptOnlyNote'));
const NotKeptColumnsNote = lazy(() => import('./KeptOnlyNote').then((m) => ({ default: m.NotKeptColumnsNote })));

export function parseSort(sort: string): CrudSort[] {
  return sort
    .split(',')
    .filter(Boolean)
    .map((s) => (s.startsWith('-') ? { field: s.slice(1), order: 'desc' as const } : { field: s, order: 'asc' as const }));
}

/** The page sizes a list offers (the server answers at most MAX_PER_PAGE). */
const PAGE_SIZES = [25, 50, 100];


/** A list may be locked to one parent record (the patient's tabs): that filter is permanent. */
export interface LockedFilter {
  field: string;
  value: string | number;
}

/** What a hand-written page may add to the generated list (without forking it). */
export interface ListExtras {
  /** Own rendering of some declared columns (e.g. paid/unpaid tags). */
  renderers?: Record<string, (value: unknown, record: BaseRecord) => ReactNode>;
  /** Extra <Table.Column> elements, shown before the actions column. */
  extraColumns?: ReactNode;
  /** Extra buttons in each row's actions. */
  rowActions?: (record: BaseRecord) => ReactNode;
}

export function ListPage({ def, locked, title, extras }: { def: ResourceDef; locked?: LockedFilter; title?: string; extras?: ListExtras }) {
  const t = useT();
  const go = useGo();
  const canCreate = useCanDo(def, 'create');
  const canEdit = useCanDo(def, 'update');
  const canDelete = useCanDo(def, 'delete');
  // Rows ticked for a bulk action (declared: RowAction.bulk, bulkDelete).
  const bulk = bulkActionsOf(def, canEdit, canDelete);
  const [ticked, setTicked] = useState<{ keys: Key[]; rows: BaseRecord[] }>({ keys: [], rows: [] });
  const { tableProps, tableQuery, filters, sorters, setFilters, setSorters, setPageSize, setCurrentPage } = useTable<BaseRecord>({
    resource: def.name,
    syncWithLocation: !locked,
    sorters: { initial: parseSort(def.defaultSort) },
    filters: {
      defaultBehavior: 'replace',
      permanent: locked ? [{ field: locked.field, operator: 'eq', value: locked.value }] : undefined,
    },
    pagination: { pageSize: 25 },
  });
  const readable = useRelationReadable();
  const { user } = useSession();
  const { search } = useLocation();
  // The columns: the person's choice for this list (kept per person), else the declaration's.
  // A relation whose title comes to every reader (who took a payment) is a column for everyone.
  const candidates = columnCandidates(def, (f) => readable(f) || !!f.relation?.titleForReaders, locked?.field);
  const fallback = defaultColumns(def, candidates);
  const [stored, setStored] = useStoredColumns(`${appScope()}-${user?.tenant?.id ?? 0}-${user?.id ?? 0}`, def.name);
  const shown = chosenColumns(stored, candidates, fallback);
  const columns = shown.map((name) => [name, def.fields[name]] as const);
  const notKept = notKeptColumns(tableQuery.data, def.name, shown);
  // The related records' titles came with the rows (no request per relation column).
  const labels = labelsOf(tableQuery.data);
  const cell = (name: string, field: FieldDef, value: unknown, record: BaseRecord) => {
    if (extras?.renderers?.[name]) return extras.renderers[name](value, record);
    if (field.toggle && canEdit) return <InlineToggle def={def} name={name} record={record} />;
    const shown = <FieldValue name={name} field={field} value={value} record={record} relationLabel={labels[name]?.[recordLabelKey(field, value, record)]} />;
    // The title opens the record (a patient's chart, in one click).
    return name === def.titleField && record.id !== undefined ? <Link to={recordPath(appScope(), def, record.id)} data-testid={`open-${String(record.id)}`}>{shown}</Link> : shown;
  };

  // Each row's buttons (open, edit, delete...) come in a second draw just after the rows' first,
  // one React may interrupt: drawn with them, the rows' first draw was one task of over a second
  // on a phone (issue 41). Only the first rows wait; later pages and refetches draw them at once.
  const actionsDrawn = useDeferredValue(tableProps.dataSource !== undefined, false);

  const setFilter = (field: string, value: unknown) =>
    setFilters((prev) => {
      const rest = prev.filter((f) => !('field' in f) || f.field !== field);
      return value === undefined || value === null || value === '' ? rest : [...rest, { field, operator: 'eq', value }];
    });

  return (
    <ListView
      resource={def.name}
      title={title ?? resourceTitle(t, def)}
      canCreate={canCreate}
      headerButtons={({ defaultButtons }) => (
        <>
          <ExportButton def={def} filters={locked ? [...filters, { field: locked.field, operator: 'eq', value: locked.value }] : filters} sorters={sorters} columns={shown} />
          {defaultButtons}
        </>
      )}
      createButtonProps={
        locked
          ? { onClick: () => go({ to: `/${resourcePaths(def).create}`, query: { [locked.field]: locked.value } }) }
          : undefined
      }
    >
      {/* The filter bar drives setFilters itself (no antd Form). */}
      <ListFilters def={def} filters={filters} onChange={setFilter} onRange={(field, from, to) => setFilters((prev) => withRange(prev, field, from, to))} hide={locked?.field} />
      {def.quickFilters?.length ? (
        <Space wrap style={{ marginBottom: 12 }}>
          {def.quickFilters.map((quick) => {
            const today = clinicToday();
            const on = quickFilterOn(filters, quick, today);
            return (
              <Button key={quick.key} type={on ? 'primary' : 'default'} aria-pressed={on} onClick={() => setFilters((prev) => toggleQuickFilter(prev, quick, today))} data-testid={`quick-${quick.key}`}>
                {t(quick.label)}
              </Button>
            );
          })}
        </Space>
      ) : null}
      <Space wrap style={{ marginBottom: 12 }}>
        <ColumnChooser def={def} candidates={candidates} shown={shown} onChange={setStored} />
        {!locked && <SavedViews def={def} search={search} setters={{ setFilters, setSorters, setPageSize, setCurrentPage }} columns={stored} onColumns={setStored} />}
        {isArchivable(def) && (
          <Space>
            <Switch
              size="small"
              id={`${def.name}-archived`}
              checked={filters.some((f) => 'field' in f && f.field === 'archived')}
              onChange={(on) => setFilter('archived', on ? 'true' : undefined)}
              data-testid="show-archived"
            />
            <label htmlFor={`${def.name}-archived`}>{t('common.showArchived', 'Show archived')}</label>
          </Space>
        )}
      </Space>
      {/* Answered from the device during a cut, with columns it does not keep: named. */}
      {notKept.length > 0 && (
        <Suspense fallback={null}>
          <NotKeptColumnsNote def={def} columns={notKept} />
        </Suspense>
      )}
      {/* Answered from the device during a cut, and it keeps only some days of these: said so. */}
      {keptOnlyOf(tableQuery.data) && (
        <Suspense fallback={null}>
          <KeptOnlyNote answer={tableQuery.data} />
        </Suspense>
      )}
      {(bulk.actions.length > 0 || bulk.remove) && <BulkBar def={def} rows={ticked.rows} actions={bulk.actions} remove={bulk.remove} onDone={() => setTicked({ keys: [], rows: [] })} />}
      <TableScroll label={title ?? resourceTitle(t, def)}>
        <Table
          {...tableProps}
          rowSelection={
            bulk.actions.length > 0 || bulk.remove
              ? {
                  selectedRowKeys: ticked.keys,
                  onChange: (keys, rows) => setTicked({ keys, rows }),
                  // Each box named for a screen reader: the row's title, and the page's for the head's.
                  // (antd passes aria-* on to the input; its CheckboxProps type does not list them.)
                  getCheckboxProps: (row: BaseRecord) => ({ 'aria-label': `${t('lists.selectRow', 'Select this row')}: ${String(row[def.titleField] ?? row.id ?? '')}` }) as CheckboxProps,
                  getTitleCheckboxProps: () => ({ 'aria-label': t('lists.selectPage', 'Select every row on this page') }),
                }
              : undefined
          }
          pagination={
            tableProps.pagination && {
              ...tableProps.pagination,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              showTotal: (total: number) => <span data-testid="list-total">{t('lists.total', { count: total, defaultValue: '{{count}} records' })}</span>,
            }
          }
          rowKey="id"
          locale={{
            emptyText: tableQuery.isError ? (
              <LoadError onRetry={() => void tableQuery.refetch()} retrying={tableQuery.isFetching} />
            ) : (
              <Empty description={t(`resources.${def.name}.empty`, { defaultValue: t('common.empty', 'No data') })} />
            ),
          }}
        >
          {columns.map(([name, field], index) => (
            <Table.Column<BaseRecord>
              key={name}
              dataIndex={name}
              title={fieldLabel(t, def, name)}
              sorter={field.sortable ? { multiple: 1 } : false}
              defaultSortOrder={field.sortable ? getDefaultSortOrder(name, sorters) : undefined}
              render={(value: unknown, record: BaseRecord) => {
                // A record not on the server yet (kept during a cut) is marked in its first column.
                if (index === 0 && record.pending) return <>{cell(name, field, value, record)}<WaitingMark record={record} /></>;
                return cell(name, field, value, record);
              }}
            />
          ))}
          {extras?.extraColumns}
          <Table.Column<BaseRecord>
            key="actions"
            title={t('common.actions', 'Actions')}
            render={(_, record) =>
              !actionsDrawn ? null : (
                <Space>
                  <ShowButton hideText size="small" recordItemId={record.id} resource={def.name} />
                  {canEdit && <EditButton hideText size="small" recordItemId={record.id} resource={def.name} />}
                  {canEdit && def.rowActions?.map((action) => <RowActionButton key={action.key} def={def} action={action} record={record} />)}
                  {extras?.rowActions?.(record)}
                  {record.id !== undefined && (record.archived_at ? <RestoreAction def={def} id={record.id} /> : <DeleteAction def={def} id={record.id} />)}
                </Space>
              )
            }
          />
        </Table>
      </TableScroll>
    </ListView>
  );
}
