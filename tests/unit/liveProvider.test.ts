// The live stream's reader: complete event blocks are delivered, a block cut by the network waits
// for the rest, comments (the server's beats) are skipped.
import { describe, expect, it } from 'vitest';
import { parseEvents } from '../../src/client/providers/liveProvider';

describe('the live stream reader', () => {
  it.each([
    ['one change', 'event: change\ndata: {"a":1}\n\n', [{ event: 'change', data: '{"a":1}' }], ''],
    ['a beat and a change', ': beat\n\nevent: change\ndata: {}\n\n', [{ event: 'change', data: '{}' }], ''],
    ['a block cut in two', 'event: change\ndata: {"a":1}\n\nevent: chan', [{ event: 'change', data: '{"a":1}' }], 'event: chan'],
    ['the retry line', 'retry: 3000\n\n', [], ''],
    ['a resync', 'event: resync\ndata: {}\n\n', [{ event: 'resync', data: '{}' }], ''],
  ])('%s', (_n, text, events, rest) => {
    expect(parseEvents(text)).toEqual({ events, rest });
  });
});
