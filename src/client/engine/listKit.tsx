// What the generated list needs of @refinedev/antd (its List view, Create/Show/Edit buttons and
// useTable), written on @refinedev/core and antd directly. @refinedev/antd ships as one module that
// brings @ant-design/pro-layout (with every pro-provider locale), react-markdown and the CommonJS
// icons along with any of its exports: about 76 KiB gzip on the patients list's first load. The
// forms and detail pages still use @refinedev/antd; they load after the list.
import { Children, type MouseEvent, type ReactElement, type ReactNode, createElement, isValidElement } from 'react';
import { Button, Grid, Space, type TablePaginationConfig, type TableProps, theme } from 'antd';
import type { ButtonProps } from 'antd';
import type { SortOrder, SorterResult } from 'antd/es/table/interface';
import { EditOutlined, EyeOutlined, PlusSquareOutlined } from '@ant-design/icons';
import {
  type BaseKey,
  type BaseRecord,
  type CrudFilter,
  type CrudSort,
  type HttpError,
  getDefaultSortOrder as coreSortOrder,
  useCreateButton,
  useEditButton,
  useLink,
  useLiveMode,
  useShowButton,
  useTable as useCoreTable,
  type useTableProps,
  type useTableReturnType,
} from '@refinedev/core';
// Typography.Title's look without Typography (see Text.tsx).
import { PublicTitle } from '../layout/PublicCard';
import { useT } from '../i18n/useT';
import { sessionCan } from '../providers/accessControl';
import { useSession } from '../providers/session';

// The same test ids and class names as @refinedev/antd's buttons (@refinedev/ui-types).
const BUTTON = {
  create: { testId: 'refine-create-button', className: 'refine-create-button' },
  show: { testId: 'refine-show-button', className: 'refine-show-button' },
  edit: { testId: 'refine-edit-button', className: 'refine-edit-button' },
} as const;

/** What refine's button hooks (useShowButton and the like) answer. */
type LinkButtonState = ReturnType<typeof useShowButton>;

type ActionButtonProps = Omit<ButtonProps, 'onClick'> & { hideText?: boolean; onClick?: (e: MouseEvent<HTMLElement>) => void };

/**
 * A refine navigation button: a link (so it opens in a new tab too) around an antd button. The
 * button is the one stop of the keyboard (its click reaches the link), and an icon-only one is
 * named in the reader's language (antd would name it by its icon, in English: "eye").
 */
function LinkButton({ state, kind, icon, hideText, children, onClick, ...rest }: ActionButtonProps & { state: LinkButtonState; kind: keyof typeof BUTTON; icon: ReactNode }) {
  const { to, label, title, hidden, disabled, LinkComponent } = state;
  const isDisabled = disabled || rest.disabled;
  if (hidden || rest.hidden) return null;
  return (
    <LinkComponent
      to={to}
      replace={false}
      tabIndex={-1}
      onClick={(e: MouseEvent<HTMLElement>) => {
        if (isDisabled) {
          e.preventDefault();
          return;
        }
        if (onClick) {
          e.preventDefault();
          onClick(e);
        }
      }}
    >
      <Button icon={icon} disabled={isDisabled} title={hideText ? title || label : title} aria-label={hideText ? label : undefined} data-testid={BUTTON[kind].testId} className={BUTTON[kind].className} {...rest}>
        {!hideText && (children ?? label)}
      </Button>
    </LinkComponent>
  );
}

/**
 * Refine's button state with its access answered at once, from the session and the role matrix as
 * the access control provider answers it (providers/accessControl.ts), instead of Refine's one
 * query per button: a list's 25 rows made 50 queries, each answered in a commit of its own after
 * the rows were drawn (0.7 s of this machine's CPU, a phone's four times that).
 */
function useAccessNow(resource: string | undefined, action: 'create' | 'show' | 'edit', state: LinkButtonState): LinkButtonState {
  const can = sessionCan(resource, action, useSession());
  return { ...state, title: can ? '' : state.title, hidden: !can, disabled: !can, canAccess: { can } };
}

/** Refine's own access check off: useAccessNow answers it. */
const ANSWERED = { enabled: false } as const;

export function CreateButton({ resource, ...rest }: ActionButtonProps & { resource?: string }) {
  return <LinkButton kind="create" icon={<PlusSquareOutlined />} type="primary" {...rest} state={useAccessNow(resource, 'create', useCreateButton({ resource, accessControl: ANSWERED }))} />;
}

export function ShowButton({ resource, recordItemId, ...rest }: ActionButtonProps & { resource?: string; recordItemId?: BaseKey }) {
  return <LinkButton kind="show" icon={<EyeOutlined />} {...rest} state={useAccessNow(resource, 'show', useShowButton({ resource, id: recordItemId, accessControl: ANSWERED }))} />;
}

export function EditButton({ resource, recordItemId, ...rest }: ActionButtonProps & { resource?: string; recordItemId?: BaseKey }) {
  return <LinkButton kind="edit" icon={<EditOutlined />} {...rest} state={useAccessNow(resource, 'edit', useEditButton({ resource, id: recordItemId, accessControl: ANSWERED }))} />;
}

/**
 * The list view: a heading with the title and the header buttons (by default the create button),
 * then the content; laid out as @refinedev/antd's List on pro-layout's PageHeader (no breadcrumb).
 */
export function ListView({
  resource,
  title,
  canCreate,
  createButtonProps,
  headerButtons,
  children,
}: {
  resource: string;
  title: string;
  canCreate: boolean;
  createButtonProps?: ActionButtonProps;
  headerButtons?: (ctx: { defaultButtons: ReactNode }) => ReactNode;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const defaultButtons = canCreate ? <CreateButton size="middle" resource={resource} {...createButtonProps} /> : null;
  return (
    <div>
      <div style={{ position: 'relative' }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <div style={{ display: 'flex', alignItems: 'center', marginBlock: token.marginXS / 2, overflow: 'hidden' }}>
            <span style={{ marginInlineEnd: token.marginSM, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', lineHeight: `${token.controlHeight}px` }}>
              <PublicTitle level={4} top style={{ marginBottom: 0 }}>
                {title}
              </PublicTitle>
            </span>
          </div>
          <span style={{ marginBlock: token.marginXS / 2 }}>{headerButtons ? <Space wrap>{headerButtons({ defaultButtons })}</Space> : defaultButtons}</span>
        </div>
        <div style={{ paddingBlockStart: token.paddingSM }}>{children}</div>
      </div>
    </div>
  );
}

/** antd's sort order of a column from refine's sorters ("ascend" / "descend"). */
export function getDefaultSortOrder(field: string, sorters?: CrudSort[]): SortOrder | undefined {
  const order = coreSortOrder(field, sorters);
  return order ? `${order}end` : undefined;
}

type AntdFilters = Parameters<NonNullable<TableProps<BaseRecord>['onChange']>>[1];

function sortersOf(sorter: SorterResult<BaseRecord> | SorterResult<BaseRecord>[]): CrudSort[] {
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

function filtersOf(tableFilters: AntdFilters, previous: CrudFilter[]): CrudFilter[] {
  const out: CrudFilter[] = [];
  for (const [field, value] of Object.entries(tableFilters)) {
    const operator = previous.find((p) => 'field' in p && p.field === field)?.operator;
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
    if (tableFilters && Object.keys(tableFilters).length > 0) setFilters(filtersOf(tableFilters, filters));
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
      scroll: { x: true },
    },
  };
}
