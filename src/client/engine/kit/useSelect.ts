// refine's useSelect with the props of an antd Select, ported from @refinedev/antd 6.0.3
// (hooks/fields/useSelect): core's useSelect, its answer as `selectProps`.
import type { SelectProps } from 'antd';
import { type BaseOption, type BaseRecord, type HttpError, type UseSelectProps, useSelect as useCoreSelect } from '@refinedev/core';

export function useSelect<TData extends BaseRecord = BaseRecord, TOption extends BaseOption = BaseOption>(props: UseSelectProps<TData, HttpError, TData>) {
  const core = useCoreSelect<TData, HttpError, TData, TOption>(props);
  const selectProps: SelectProps<TOption> = {
    options: core.options as SelectProps<TOption>['options'],
    onSearch: core.onSearch,
    // As upstream: busy while the chosen values' records load.
    loading: core.defaultValueQuery.query.isFetching,
    showSearch: true,
    filterOption: false,
  };
  return { selectProps, query: core.query, defaultValueQuery: core.defaultValueQuery.query };
}
