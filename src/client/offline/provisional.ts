// A call naming a record by its provisional id (a negative id: made during a cut, offline/outbox.ts):
// the server knows no such id, and its 404 would leave the screen (a receipt printed from the page
// opened on the provisional id). Once the record landed, the call names the server's id; before, a
// read of the record itself is the device's row. Loaded only for such a path.
import type { BaseRecord } from '@refinedev/core';
import { resources } from '../../../resources';
import { landedIdOf } from './outbox';
import { notAvailableOffline, offlineLabels, offlineOne } from './reader';
import { refusedOffline } from './refusals';

const PATH = /^\/([a-z0-9-]+)\/(-\d+)(\/.*)?$/;

/**
 * The path with the server's id if the record landed; `kept` when it has not and the path reads the
 * record itself; otherwise refused without asking (statusCode 0, as for a write during a cut).
 */
export async function provisionalPath(path: string, verb: string): Promise<{ path: string } | { kept: { data: BaseRecord; labels: Awaited<ReturnType<typeof offlineLabels>> } }> {
  const match = PATH.exec(path);
  const def = match && resources.find((r) => r.path === match[1] && r.offline);
  if (!match || !def) return { path };
  const landed = await landedIdOf(def.name, Number(match[2]));
  if (landed !== undefined && landed > 0) return { path: `/${match[1]}/${landed}${match[3] ?? ''}` };
  if (verb === 'GET' && !match[3]) {
    const row = await offlineOne(def.name, Number(match[2]));
    return { kept: { data: row, labels: await offlineLabels(def.name, [row]) } };
  }
  // Anything else of a record the server does not have yet needs it (as during a cut): a read
  // says so ("not available offline"), a write that nothing was saved. A read refused as a write
  // told the desk "nothing was saved" just after her payment was (its patient's balance).
  throw verb === 'GET' ? notAvailableOffline() : refusedOffline('other');
}
