// antd's Table column filter menu, loaded when a table first shows one (the client build puts this in
// place of antd's FilterDropdown for its Table: scripts/antd-narrow-imports.ts). Every antd Table
// imports the menu, and with it antd's Tree, though no list of ours has column filters (ours are
// above the table, engine/ListFilters.tsx): 13 KiB gzip on the patients list. Until it arrives the
// column shows its title alone.
import { Suspense, lazy } from 'react';
import type { FilterDropdownProps } from 'antd/es/table/hooks/useFilter/FilterDropdown';
import type { AnyObject } from 'antd/es/_util/type';
import type { ColumnFilterItem, FilterValue } from 'antd/es/table/interface';

const Menu = lazy(() => import('antd/es/table/hooks/useFilter/FilterDropdown'));

export default function FilterDropdown<RecordType extends AnyObject = AnyObject>(props: FilterDropdownProps<RecordType>) {
  return (
    <Suspense fallback={props.children}>
      <Menu {...(props as FilterDropdownProps)} />
    </Suspense>
  );
}

/** The filter values of a column's filters and their children (antd 5's own). */
export function flattenKeys(filters?: ColumnFilterItem[]): FilterValue {
  let keys: FilterValue = [];
  (filters ?? []).forEach(({ value, children }) => {
    keys.push(value);
    if (children) keys = [...keys, ...flattenKeys(children)];
  });
  return keys;
}
