// The antd-shaped Refine buttons: ported from @refinedev/antd 6.0.3 (components/buttons), on
// @refinedev/core's button hooks and antd. The same test ids and class names as upstream
// (@refinedev/ui-types), so a page reads the same; tests/unit/kit.test.tsx compares them.
import type { MouseEvent, ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { BarsOutlined, EditOutlined, EyeOutlined, PlusSquareOutlined, RedoOutlined, SaveOutlined } from '@ant-design/icons';
import { type BaseKey, useCreateButton, useEditButton, useListButton, useRefreshButton, useSaveButton, useShowButton } from '@refinedev/core';
import { sessionCan } from '../../providers/accessControl';
import { useSession } from '../../providers/session';

const BUTTON = {
  create: { testId: 'refine-create-button', className: 'refine-create-button' },
  show: { testId: 'refine-show-button', className: 'refine-show-button' },
  edit: { testId: 'refine-edit-button', className: 'refine-edit-button' },
  list: { testId: 'refine-list-button', className: 'refine-list-button' },
  refresh: { testId: 'refine-refresh-button', className: 'refine-refresh-button' },
  save: { testId: 'refine-save-button', className: 'refine-save-button' },
} as const;

/** What refine's link-button hooks (useShowButton and the like) answer. */
type LinkButtonState = ReturnType<typeof useShowButton>;

export type ActionButtonProps = Omit<ButtonProps, 'onClick'> & { hideText?: boolean; onClick?: (e: MouseEvent<HTMLElement>) => void };

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
function useAccessNow(resource: string | undefined, action: 'create' | 'show' | 'edit' | 'list', state: LinkButtonState): LinkButtonState {
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

export function ListButton({ resource, ...rest }: ActionButtonProps & { resource?: string }) {
  return <LinkButton kind="list" icon={<BarsOutlined />} {...rest} state={useAccessNow(resource, 'list', useListButton({ resource, accessControl: ANSWERED }))} />;
}

/** Reads the record (or the resource) again; its icon turns while it does. */
export function RefreshButton({ resource, recordItemId, hideText, children, ...rest }: ActionButtonProps & { resource?: string; recordItemId?: BaseKey }) {
  const { onClick, label, loading } = useRefreshButton({ resource, id: recordItemId });
  return (
    <Button onClick={onClick} icon={<RedoOutlined spin={loading} />} data-testid={BUTTON.refresh.testId} className={BUTTON.refresh.className} {...rest}>
      {!hideText && (children ?? label)}
    </Button>
  );
}

export type SaveButtonProps = Omit<ButtonProps, 'onClick'> & { hideText?: boolean; onClick?: (e: MouseEvent<HTMLElement>) => void };

export function SaveButton({ hideText, children, ...rest }: SaveButtonProps) {
  const { label } = useSaveButton();
  return (
    <Button type="primary" icon={<SaveOutlined />} data-testid={BUTTON.save.testId} className={BUTTON.save.className} {...rest}>
      {!hideText && (children ?? label)}
    </Button>
  );
}
