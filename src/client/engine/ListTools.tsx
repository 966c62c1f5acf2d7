// Above every generated list: the column chooser, and the person's saved views (a name for the
// list's filters, search, sort, page size and columns, kept on the server per user: GET/POST/DELETE
// /list-views). Choosing a view puts all of it back; the address follows, so reload keeps it.
import { Suspense, lazy, useRef, useState } from 'react';
import { Button, Checkbox, Grid, Popconfirm, Popover, Select, Space } from 'antd';
import { Text } from './Text';
import { DeleteOutlined, SaveOutlined, TableOutlined } from '@ant-design/icons';
import { type CrudFilter, type CrudSort, parseTableParams } from '@refinedev/core';
import type { ResourceDef } from '../../shared/resource';
import { fieldLabel } from '../../shared/labels';
import { useT } from '../i18n/useT';
import { useAction } from './useAction';
import { useApiGet } from './useApiGet';

/** A view starts on its first page whatever page it was saved on. */
export function withoutPage(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('currentPage');
  const text = params.toString();
  return text ? `?${text}` : '';
}

const NO_VIEWS: SavedView[] = [];
// Loaded when first opened (its Modal is no other part of a list's first load).
const SaveViewDialog = lazy(() => import('./SaveViewDialog'));

interface SavedView {
  id: number;
  name: string;
  search: string;
  columns: string | null;
}

export interface ListSetters {
  setFilters: (filters: CrudFilter[], behavior: 'replace') => void;
  setSorters: (sorters: CrudSort[]) => void;
  setPageSize: (size: number) => void;
  setCurrentPage: (page: number) => void;
}

export function ColumnChooser({ def, candidates, shown, onChange }: { def: ResourceDef; candidates: string[]; shown: string[]; onChange: (columns: string[] | null) => void }) {
  const t = useT();
  const content = (
    <Space direction="vertical" data-testid="list-columns-panel">
      <Checkbox.Group
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
        value={shown}
        onChange={(values) => onChange(values.length ? candidates.filter((c) => values.includes(c)) : shown)}
        options={candidates.map((name) => ({ value: name, label: <span data-testid={`column-${name}`}>{fieldLabel(t, def, name)}</span> }))}
      />
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onChange(null)} data-testid="list-columns-reset">
        {t('lists.defaultColumns', 'Default columns')}
      </Button>
    </Space>
  );
  return (
    <Popover trigger="click" placement="bottomLeft" content={content} title={t('lists.columns', 'Columns')}>
      <Button icon={<TableOutlined />} data-testid="list-columns">
        {t('lists.columns', 'Columns')}
      </Button>
    </Popover>
  );
}

/** `search`: the list's query string as its address holds it (filters, search, sort, page size). */
export function SavedViews({ def, search, setters, columns, onColumns }: { def: ResourceDef; search: string; setters: ListSetters; columns: string[] | null; onColumns: (columns: string[] | null) => void }) {
  const t = useT();
  // Through the query cache: asked once however often the list renders, and kept for the next visit.
  // No saved views are offered when they cannot be read (quiet); the list itself still works.
  const views = useApiGet<{ data: SavedView[] }>('/list-views', { 'filter[resource]': def.name, sort: 'name', per_page: 100 }, true, undefined, true).data?.data ?? NO_VIEWS;
  const [current, setCurrent] = useState<number | undefined>();
  const [naming, setNaming] = useState(false);
  // Kept once opened, so that closing it is animated like any dialog's.
  const [named, setNamed] = useState(false);
  const [name, setName] = useState('');
  // A refusal (a name already used) is said under the name, not toasted.
  const { run: send, busy: saving } = useAction<{ data: SavedView }>({ success: t('lists.viewSaved', 'The view was saved'), failure: false, refreshes: ['/list-views'] });
  const { run: drop } = useAction({ refreshes: ['/list-views'] });
  // A double-clicked Save or a second Enter saves one view, not two.
  const inFlight = useRef(false);
  const [error, setError] = useState<string | null>(null);
  // On a phone the save button is its icon alone, so the group fits the width.
  const narrow = Grid.useBreakpoint().sm === false;

  const apply = (id: number) => {
    const view = views.find((v) => v.id === id);
    if (!view) return;
    setCurrent(id);
    const { parsedFilters, parsedSorter, parsedPageSize } = parseTableParams(view.search.startsWith('?') ? view.search : `?${view.search}`);
    setters.setFilters(parsedFilters, 'replace');
    setters.setSorters(parsedSorter);
    if (parsedPageSize) setters.setPageSize(Number(parsedPageSize));
    setters.setCurrentPage(1);
    onColumns(view.columns ? view.columns.split(',').filter(Boolean) : null);
  };
  const save = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    try {
      const body = await send({ url: '/list-views', values: { resource: def.name, name: name.trim(), search: withoutPage(search), columns: columns?.join(',') ?? null }, meta: { quiet: true } });
      setCurrent(body.data.id);
      setNaming(false);
      setName('');
    } catch (err) {
      const errors = (err as { errors?: Record<string, string[]> }).errors;
      setError(errors?.name?.join(' ') ?? (err instanceof Error ? err.message : String(err)));
    } finally {
      inFlight.current = false;
    }
  };
  const remove = async (id: number) => {
    try {
      await drop({ url: `/list-views/${id}`, method: 'delete' });
      setCurrent(undefined);
    } catch {
      // Told by Refine.
    }
  };
  return (
    <Space.Compact>
      <Select<number>
        style={{ minWidth: 180 }}
        placeholder={t('lists.savedViews', 'Saved views')}
        value={current}
        onChange={apply}
        options={views.map((v) => ({ value: v.id, label: <span data-testid={`view-${v.id}`}>{v.name}</span> }))}
        notFoundContent={<Text type="secondary">{t('lists.noViews', 'No saved views yet')}</Text>}
        data-testid="saved-views"
        aria-label={t('lists.savedViews', 'Saved views')}
      />
      {current !== undefined && (
        <Popconfirm title={t('lists.deleteView', 'Delete this saved view?')} onConfirm={() => void remove(current)} okText={t('buttons.delete', 'Delete')} cancelText={t('buttons.cancel', 'Cancel')}>
          <Button icon={<DeleteOutlined />} aria-label={t('lists.deleteView', 'Delete this saved view?')} data-testid="view-delete" />
        </Popconfirm>
      )}
      <Button
        icon={<SaveOutlined />}
        onClick={() => {
          setNamed(true);
          setNaming(true);
        }}
        data-testid="view-save"
        aria-label={t('lists.saveView', 'Save view')}
        title={t('lists.saveView', 'Save view')}
      >
        {!narrow && t('lists.saveView', 'Save view')}
      </Button>
      {named && (
        <Suspense fallback={null}>
          <SaveViewDialog open={naming} name={name} onName={setName} error={error} saving={saving} onSave={() => void save()} onCancel={() => setNaming(false)} />
        </Suspense>
      )}
    </Space.Compact>
  );
}
