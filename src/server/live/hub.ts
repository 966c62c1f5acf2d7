// Live updates (issue 18): each process follows the 'record_changed' channel (migration 039) and
// tells its open event streams which records of which resources changed. A stream hears only its
// own application and clinic, only resources its caller may read, and of one person's rows (a
// notification) only its own. An event names a record, never its content: the screen asks for it
// again through the API, under every check.
import { can } from '../../shared/access';
import type { ResourceDef } from '../../shared/resource';
import type { AuthCaller } from '../engine/hooks';

export const RECORD_CHANGED = 'record_changed';

/** What the database announces (migration 039). */
interface Announcement {
  table: string;
  tenant: number | null;
  id: number;
  op: 'insert' | 'update' | 'delete';
  user: number | null;
}

/** What a stream is told: Refine's live event types. */
export interface LiveEvent {
  resource: string;
  type: 'created' | 'updated' | 'deleted';
  ids: number[];
}

export interface Listener {
  caller: AuthCaller;
  /** The clinic of the stream's host; null on the central host. */
  tenantId: number | null;
  send(event: LiveEvent): void;
  /** Announcements may have been missed (the database's feed was lost): the screen reloads its data. */
  resync(): void;
}

const TYPES = { insert: 'created', update: 'updated', delete: 'deleted' } as const;

function parse(payload: string): Announcement | null {
  try {
    const a = JSON.parse(payload) as Announcement;
    return typeof a.table === 'string' && typeof a.id === 'number' && a.op in TYPES ? a : null;
  } catch {
    return null;
  }
}

export class LiveHub {
  private readonly listeners = new Set<Listener>();
  private readonly byTable = new Map<string, ResourceDef[]>();

  constructor(resources: readonly ResourceDef[]) {
    for (const def of resources) this.byTable.set(def.table, [...(this.byTable.get(def.table) ?? []), def]);
  }

  add(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  /** The feed is back after a loss: whatever changed meanwhile is unknown. */
  resync(): void {
    for (const listener of this.listeners) listener.resync();
  }

  /** One announcement from the database, fanned out to the streams that may hear it. */
  announce(payload: string): void {
    const a = parse(payload);
    if (!a || !this.listeners.size) return;
    const defs = this.byTable.get(a.table) ?? [];
    for (const listener of this.listeners) {
      for (const def of defs) {
        // A clinic's stream hears its own clinic's rows; the central host's stream the platform's
        // resources (a clinic's invoice among them). `can` holds each to its application.
        if (def.scope === 'tenant' ? a.tenant !== listener.tenantId : listener.tenantId !== null) continue;
        if (!can(listener.caller, def, 'read')) continue;
        const owner = def.rowFilter?.read;
        if (owner && a.user !== listener.caller.userId) continue;
        listener.send({ resource: def.name, type: TYPES[a.op], ids: [a.id] });
      }
    }
  }
}
