// Options of a relation select: a searchable list of the related records (server search on
// `q`), values kept as the ids the API uses.
// refine's headless useSelect (what kit/useSelect wraps for an antd Select): the options are
// mapped to ids here, and the busy state follows the search.
import { type BaseRecord, useSelect } from '@refinedev/core';
import type { FieldDef } from '../../shared/resource';
import { currentLang } from '../i18n';
import { relationText } from '../../shared/labels';

export interface RelationOption {
  label: string;
  value: number | string;
}

function idValue(v: unknown): number | string {
  const n = Number(v);
  return typeof v === 'number' || (typeof v === 'string' && v !== '' && !Number.isNaN(n)) ? n : String(v);
}

export function useRelationOptions(field: FieldDef, current?: unknown) {
  const relation = field.relation!;
  const { options: found, onSearch, query } = useSelect<BaseRecord>({
    resource: relation.resource,
    optionLabel: (item) => relationText(item, relation.labelField, currentLang()),
    optionValue: (item) => String(item.id),
    // The chosen records' titles even when the first page leaves them out (or they are archived).
    defaultValue: typeof current === 'number' || typeof current === 'string' ? current : Array.isArray(current) && current.length ? (current as (number | string)[]) : undefined,
    onSearch: (q) => (q ? [{ field: 'q', operator: 'eq', value: q }] : []),
    pagination: { pageSize: 25, mode: 'server' },
    debounce: 300,
  });
  const options: RelationOption[] = found.map((o) => ({ label: String(o.label), value: idValue(o.value) }));
  return { options, onSearch, loading: query.isFetching };
}
