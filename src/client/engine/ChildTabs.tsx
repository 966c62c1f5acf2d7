// The tabs of a parent record's page: one per resource declared `within` it (within.ts), each the
// generated list locked to this parent, its New button opening a create form prefilled with the
// parent (FormPage returns to the tab after saving). A page may add its own tabs around them.
import { type ReactNode, Suspense, lazy, useEffect } from 'react';
import { Result, Spin, Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { type ResourceDef, clientRoute } from '../../shared/resource';
import { type Translate, resourceTitle } from '../../shared/labels';
import { useT } from '../i18n/useT';
import { callerOf, useSession } from '../providers/session';
import { resourceRule } from './nav';
import { allows } from './rules';
import { childrenOf } from './within';

// Lazy: a parent's page shows one tab at a time, the list is loaded when one is opened.
const ListPage = lazy(() => import('./ListPage').then((m) => ({ default: m.ListPage })));

/** A tab a page adds beside the declared ones (the patient's visits). */
export interface ExtraTab {
  /** Below the parent's `<route>/:id/`; also the tab's key. */
  path: string;
  label: string;
  content: ReactNode;
  /** False: the user may not read it, so it leaves the strip like an unreadable child (default true). */
  readable?: boolean;
}

/** A child's tab label: its own `resources.<name>.tab` when the title reads wrong there. */
export function tabLabel(t: Translate, def: ResourceDef): string {
  return t(`resources.${def.name}.tab`, resourceTitle(t, def));
}

export function ForbiddenTab({ title }: { title: string }) {
  const t = useT();
  // antd's Result drops data-* attributes: the wrapper carries the test id.
  return (
    <div data-testid="tab-forbidden">
      <Result status="403" title={title} subTitle={t('errors.forbidden', 'You do not have permission to do this')} />
    </div>
  );
}

/** A resource's records of one parent, or why the caller may not see them. */
export function LockedList({ def, field, parentId, title, above }: { def: ResourceDef; field: string; parentId: string; title: string; above?: ReactNode }) {
  const readable = allows(callerOf(useSession()), resourceRule(def, 'read'));
  if (!readable) return <ForbiddenTab title={title} />;
  return (
    <Suspense fallback={<Spin />}>
      {above}
      <ListPage key={`${def.name}-${parentId}`} def={def} locked={{ field, value: Number(parentId) }} title={title} />
    </Suspense>
  );
}

export interface ChildTabsProps {
  parent: ResourceDef;
  parentId: string;
  /** The page's own tabs before and after the declared ones. */
  before?: ExtraTab[];
  after?: ExtraTab[];
  /** Shown above a child's list, by child name (the vital signs' trend chart). */
  above?: Partial<Record<string, ReactNode>>;
}

export function ChildTabs({ parent, parentId, before = [], after = [], above = {} }: ChildTabsProps) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  const caller = callerOf(useSession());
  const declared = childrenOf(parent).map((child) => {
    const label = tabLabel(t, child);
    return {
      path: child.within.tab,
      label,
      // Unreadable children leave the strip; their address still answers, saying forbidden.
      shown: allows(caller, resourceRule(child, 'read')),
      content: <LockedList def={child} field={child.within.field} parentId={parentId} title={label} above={above[child.name]} />,
    };
  });
  const tabs = [...before.map((tab) => ({ ...tab, shown: tab.readable !== false })), ...declared, ...after.map((tab) => ({ ...tab, shown: tab.readable !== false }))];
  const base = `/${clientRoute(parent)}/${parentId}`;
  const here = pathname.replace(/\/$/, '');
  const found = tabs.find((tab) => here === `${base}/${tab.path}`);
  // Sent here by the parent's own address (patients/:id goes to its visits), the user opens the
  // first tab they may read instead of one that would say "forbidden" (a nurse has no visits).
  const redirected = (state as { redirected?: boolean } | null)?.redirected === true;
  const matched = found && !found.shown && redirected ? undefined : found;
  const visible = tabs.filter((tab) => tab.shown || tab === matched);
  const first = visible[0]?.path;
  useEffect(() => {
    if (found && !matched && first) navigate(`${base}/${first}`, { replace: true });
  }, [found, matched, first, base, navigate]);
  if (!visible.length) return null;
  // The detail page (<route>/show/:id) opens on the first tab the caller may read.
  const active = matched ?? visible[0];
  return (
    <div data-testid="child-tabs">
      <Tabs
        activeKey={active.path}
        onChange={(key) => navigate(`${base}/${key}`)}
        items={visible.map((tab) => ({ key: tab.path, label: tab.label }))}
      />
      {active.content}
    </div>
  );
}
