// "Edit" from the Sync problems screen (issue 37 item 4): the record's form opened with the
// values a refused change entered (navigation state `{ outbox: <entry key> }`), and its save
// settling that entry (offline/syncProblems.ts, loaded only then).
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { OutboxEntry } from './outboxPlan';

export interface OutboxDraft {
  /** The refused entry, once read; null without one. */
  draft: OutboxEntry | null;
  /** After the form saved: the entry is settled by that save. */
  settle: (answer: unknown) => Promise<void>;
}

export function useOutboxDraft(): OutboxDraft {
  const state = useLocation().state as { outbox?: unknown } | null;
  const key = typeof state?.outbox === 'string' ? state.outbox : null;
  const [draft, setDraft] = useState<OutboxEntry | null>(null);
  useEffect(() => {
    if (!key) return;
    let live = true;
    void import('./syncProblems').then((m) => m.draftOf(key)).then((entry) => live && setDraft(entry), () => undefined);
    return () => {
      live = false;
    };
  }, [key]);
  const settle = useCallback(
    async (answer: unknown) => {
      if (!key || !draft) return;
      const { settleEdited } = await import('./syncProblems');
      await settleEdited(key, (answer ?? {}) as Record<string, unknown>);
      setDraft(null);
    },
    [key, draft],
  );
  return { draft, settle };
}
