// Where a notification leads: the request it is about (its tab chosen, the request open), else the
// doctor's page; in a clinic, the invoices for a subscription ending, the support grants when
// support opened the clinic. Null when it has no page to open.
import type { Scope } from '../../shared/resource';

export interface NotificationTarget {
  kind: string;
  data?: Record<string, unknown> | null;
}

const id = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);

export function notificationLink(n: NotificationTarget, scope: Scope): string | null {
  const data = n.data ?? {};
  if (scope === 'tenant') {
    if (n.kind === 'subscriptionExpiring') return '/settings/invoices';
    if (n.kind === 'supportEntered') return '/settings/support';
    return null;
  }
  const request = id(data.request_id);
  if (request !== null) return `/doctors/requests?request=${request}`;
  const doctor = id(data.tenant_id);
  return doctor !== null ? `/doctors/show/${doctor}` : null;
}
