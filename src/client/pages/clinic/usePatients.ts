// Names (and birth dates) of the patients shown on a page, loaded in one request.
import { type BaseRecord, useMany } from '@refinedev/core';

export function usePatientMap(ids: readonly unknown[], enabled = true): Map<string, BaseRecord> {
  const unique = [...new Set(ids.filter((v): v is number | string => typeof v === 'number' || typeof v === 'string'))];
  const { result } = useMany({ resource: 'patients', ids: unique, queryOptions: { enabled: enabled && unique.length > 0 } });
  return new Map((result.data ?? []).map((p) => [String(p.id), p]));
}
