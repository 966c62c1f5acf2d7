// refine's useTable with the antd Table props (paging, sorting, column filters), ported from
// @refinedev/antd 6.0.3 (hooks/table/useTable) on @refinedev/core and antd: upstream's module would
// bring pro-layout and the rest of its bundle to every list. The column sorter and filter mapping
// follow upstream's definitions/table (tests/unit/kit.test.tsx compares them).
import { Children, type MouseEvent, type ReactElement, type ReactNode, createElement, isValidElement } from 'react';
import { Grid, type TablePaginationConfig, type TableProps } from 'antd';
import type { SortOrder, SorterResult } from 'antd/es/table/interface';
import {
  type BaseRecord,
  type CrudFilter,
  type CrudSort,
  type HttpError,
  getDefaultSortOrder as coreSortOrder,
  useLink,
  useLiveMode,
  useTable as useCoreTable,
  type useTableProps,
  type useTableReturnType,
} from '@refinedev/core';
import { useT } from '../../i18n/useT';
/** antd's sort order of a column from refine's sorters ("ascend" / "descend"). */
export function getDefaultSortOrder(field: string, sorters?: CrudSort[]): SortOrder | undefined {
  const order = coreSortOrder(field, sorters);
  return order ? `${order}end` : undefined;
}

export type AntdFilters = Parameters<NonNullable<TableProps<BaseRecord>['onChange']>>[1];

export function sortersOf(sorter: SorterResult<BaseRecord> | SorterResult<BaseRecord>[]): CrudSort[] {
  const multiple = (s: SorterResult<BaseRecord>) => (typeof s.column?.sorter === 'object' && s.column.sorter !== null && 'multiple' in s.column.sorter ? (s.column.sorter.multiple ?? 0) : 0);
  const list = Array.isArray(sorter) ? [...sorter].sort((a, b) => (multiple(a) < multiple(b) ? -1 : 0)) : [sorter];
  const out: CrudSort[] = [];
  for (const item of list) {
    if (!item.field || !item.order) continue;
    const field = Array.isArray(item.field) ? item.field.join('.') : String(item.field);
    out.push({ field: String(item.columnKey ?? field), order: item.order === 'ascend' ? 'asc' : 'desc' });
  }
  return out;
}

/** A column filter's operator is the one the list already had for that field, else its initial filter's. */
export function filtersOf(tableFilters: AntdFilters, previous: CrudFilter[], initial: CrudFilter[] = []): CrudFilter[] {
  const out: CrudFilter[] = [];
  for (const [field, value] of Object.entries(tableFilters)) {
    const operator = previous.find((p) => p.operator !== 'or' && 'field' in p && p.field === field)?.operator ?? initial.find((p) => ('field' in p ? p.field : p.key) === field)?.operator;
    if (operator === 'or' || operator === 'and') continue;
    out.push({ field, operator: operator ?? (Array.isArray(value) ? 'in' : 'eq'), value });
  }
  return out;
}

/** A pagination item as a link to that page (so it can be opened in a new tab), as refine's useTable renders it. */
function PageLink({ to, element, label }: { to: string; element: ReactNode; label?: string }) {
  const Link = useLink();
  return (
    <Link to={to} replace={false} aria-label={label} onClick={(e: MouseEvent<HTMLElement>) => e.preventDefault()}>
      {element}
    </Link>
  );
}

/** refine's useTable with the antd Table props (paging, sorting, column filters), as @refinedev/antd's. */
export function useTable<TData extends BaseRecord = BaseRecord>(props: useTableProps<TData, HttpError, TData>): useTableReturnType<TData, HttpError> & { tableProps: TableProps<TData> } {
  const core = useCoreTable<TData, HttpError, TData>(props);
  const { tableQuery, currentPage, setCurrentPage, pageSize, setPageSize, filters, setFilters, sorters, setSorters, createLinkForSyncWithLocation } = core;
  const breakpoint = Grid.useBreakpoint();
  const t = useT();
  const liveMode = useLiveMode(props.liveMode);
  const paged = props.pagination?.mode !== 'off';
  const { data, isFetched, isLoading } = tableQuery;

  const onChange: TableProps<TData>['onChange'] = (pagination, tableFilters, sorter) => {
    if (tableFilters && Object.keys(tableFilters).length > 0) setFilters(filtersOf(tableFilters, filters, props.filters?.initial));
    if (sorter && Object.keys(sorter).length > 0) setSorters(sortersOf(sorter as SorterResult<BaseRecord> | SorterResult<BaseRecord>[]));
    if (paged) {
      setCurrentPage(pagination.current || 1);
      setPageSize(pagination.pageSize || 10);
    }
  };

  const linkTo = (page: number) => createLinkForSyncWithLocation({ pagination: { pageSize, currentPage: page }, sorters, filters });
  const pagination: false | TablePaginationConfig = paged && {
    itemRender: (page, type, element) => {
      if (type === 'page') return createElement(PageLink, { to: linkTo(page), element: `${page}` });
      // Named in the reader's language: antd's arrow would name the link "left" or "right".
      if (type === 'next' || type === 'prev') return createElement(PageLink, { to: linkTo(page), element, label: t(type === 'next' ? 'lists.nextPage' : 'lists.previousPage') });
      if (type === 'jump-next' || type === 'jump-prev') {
        const inner: ReactNode = isValidElement(element) ? (element as ReactElement<{ children?: ReactNode }>).props.children : undefined;
        return createElement(PageLink, { to: linkTo(page), element: Children.count(inner) > 1 ? <>{inner}</> : inner });
      }
      return element;
    },
    pageSize,
    current: currentPage,
    simple: !breakpoint.sm,
    position: !breakpoint.sm ? ['bottomCenter'] : ['bottomRight'],
    total: data?.total,
  };

  return {
    ...core,
    tableProps: {
      dataSource: data?.data,
      loading: liveMode === 'auto' ? isLoading : !isFetched,
      onChange,
      pagination,
    },
  };
}
