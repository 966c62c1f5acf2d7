// A create form's warning, with a link, when a record already holds a value typed in a field
// declared `warnExisting` (a patient's phone or national ID; a birth date with a name alike): the
// list filter asks the server, which matches a phone however it was typed, a sealed ID by its
// lookup and a name by its folded keys (shared/fold.ts).
import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useNavigation } from '@refinedev/core';
import { Link } from 'react-router';
import type { ResourceDef } from '../../shared/resource';
import { fieldLabel } from '../../shared/labels';
import { latinDigits } from '../../shared/digits';
import { useT } from '../i18n/useT';
import { useAsk } from './useAction';

interface Hit {
  id: number;
  title: string;
}

/** Long enough to name one record: seven digits of a phone, a date, four characters of anything else. */
function enough(type: string, value: string): boolean {
  return type === 'phone' ? latinDigits(value).replace(/\D/g, '').length >= 7 : type === 'date' ? /^\d{4}-\d{2}-\d{2}$/.test(value) : value.length >= 4;
}

/** A form's value as the list filter takes it (a date picker's day as YYYY-MM-DD). */
function asText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  const day = value as { format?: (f: string) => string } | null | undefined;
  return day?.format ? day.format('YYYY-MM-DD') : '';
}

/** The record found for each declared field's value (none while a value is too short to name one). */
function useExisting(def: ResourceDef, values: Record<string, unknown>): [string, Hit][] {
  const title = asText(values[def.titleField]);
  const asked = Object.entries(def.fields)
    .filter(([, f]) => f.warnExisting && (f.warnExisting !== 'withTitle' || title.length >= 4))
    .map(([name]) => [name, asText(values[name]), def.fields[name].warnExisting === 'withTitle' ? title : ''] as const)
    .filter(([name, value]) => enough(def.fields[name].type, value));
  const key = JSON.stringify(asked);
  const [hits, setHits] = useState<{ key: string; found: [string, Hit][] }>({ key: '', found: [] });
  const ask = useAsk();
  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(() => {
      const asks = JSON.parse(key) as [string, string, string][];
      void Promise.all(
        asks.map(([field, value, alike]) =>
          ask<{ data: Record<string, unknown>[] }>(`/${def.path}`, { query: { [`filter[${field}]`]: value, ...(alike ? { q: alike } : {}), per_page: 1 }, quiet: true })
            .then((b) => b.data?.[0])
            .catch(() => undefined)
            .then((r): [string, Hit] | null => (r ? [field, { id: Number(r.id), title: String(r[def.titleField] ?? r.id) }] : null)),
        ),
      ).then((found) => live && setHits({ key, found: found.filter((f): f is [string, Hit] => f !== null) }));
    }, 400);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [ask, def, key]);
  // What was found for other values than these is not said.
  return hits.key === key ? hits.found : [];
}

/** One warning per record found: the same patient found by phone and by ID is named once. */
export function ExistingHint({ def, values }: { def: ResourceDef; values: Record<string, unknown> }) {
  const t = useT();
  const { showUrl } = useNavigation();
  const found = useExisting(def, values).filter(([, hit], i, all) => all.findIndex(([, h]) => h.id === hit.id) === i);
  return (
    <>
      {found.map(([field, hit]) => (
        <Alert
          key={field}
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid={`existing-${field}`}
          message={def.fields[field].warnExisting === 'withTitle' ? t('common.recordAlike', { field: fieldLabel(t, def, field), name: hit.title }) : t('common.recordExists', { field: fieldLabel(t, def, field), name: hit.title })}
          action={<Link to={showUrl(def.name, hit.id)}>{t('buttons.show', 'Show')}</Link>}
        />
      ))}
    </>
  );
}
