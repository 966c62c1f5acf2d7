// The change feed's cursor (src/server/offline/cursor.ts): what a page leaves for the next, and
// that only our own cursors are read.
import { describe, expect, it } from 'vitest';
import { type Cursor, decodeCursor, encodeCursor, nextCursor } from '../../src/server/offline/cursor';

describe('nextCursor', () => {
  const start: Cursor = { b: '100:105:100,103', p: 0, n: null };
  it.each([
    { name: 'a round that fits one page starts the next round from its own snapshot', cursor: start, snap: '110:112:110', last: 42, full: false, want: { b: '110:112:110', p: 0, n: null } },
    { name: 'a full page goes on in the same round, keeping the snapshot it began with', cursor: start, snap: '110:112:110', last: 42, full: true, want: { b: '100:105:100,103', p: 42, n: '110:112:110' } },
    { name: "a later page keeps the round's first snapshot, not its own", cursor: { b: start.b, p: 42, n: '110:112:110' }, snap: '120:121:', last: 80, full: true, want: { b: start.b, p: 80, n: '110:112:110' } },
    { name: "the round's last page hands over the round's first snapshot", cursor: { b: start.b, p: 80, n: '110:112:110' }, snap: '120:121:', last: 90, full: false, want: { b: '110:112:110', p: 0, n: null } },
    { name: 'an empty answer starts a new round', cursor: start, snap: '110:110:', last: null, full: false, want: { b: '110:110:', p: 0, n: null } },
  ])('$name', ({ cursor, snap, last, full, want }) => {
    expect(nextCursor(cursor, snap, last, full)).toEqual(want);
  });
});

describe('encoding', () => {
  it('reads back what it wrote', () => {
    const c: Cursor = { b: '7:9:7,8', p: 12, n: '9:9:' };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
  });
  it.each([
    ['', 'empty'],
    ['12345', 'a number'],
    ['c1.!!!', 'not base64url'],
    [`c1.${Buffer.from('[]').toString('base64url')}`, 'not an object'],
    [`c1.${Buffer.from(JSON.stringify({ b: "1:2:'; drop table x", p: 0, n: null })).toString('base64url')}`, 'a snapshot that is not one'],
    [`c1.${Buffer.from(JSON.stringify({ b: '1:2:', p: -1, n: null })).toString('base64url')}`, 'a negative position'],
    [`c1.${Buffer.from(JSON.stringify({ b: '1:2:', p: 0, n: 5 })).toString('base64url')}`, 'a next snapshot of the wrong type'],
  ])('refuses %j (%s)', (text) => {
    expect(decodeCursor(text)).toBeNull();
  });
});
