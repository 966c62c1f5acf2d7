// What qs (through @refinedev/core) uses of `side-channel`, in place of it in the client build
// (vite.config.ts): a map per channel with get, has and set (qs's cycle check and copies). The
// package itself brings object-inspect and get-intrinsic, about 10 KiB gzip, only to describe a
// missing key in an error message and to find WeakMap and Map. No other client code imports it.
export interface SideChannel {
  assert: (key: unknown) => void;
  get: (key: unknown) => unknown;
  has: (key: unknown) => boolean;
  set: (key: unknown, value: unknown) => void;
  delete: (key: unknown) => boolean;
}

function getSideChannel(): SideChannel {
  const map = new Map<unknown, unknown>();
  return {
    assert: (key) => {
      if (!map.has(key)) throw new TypeError(`Side channel does not contain ${String(key)}`);
    },
    get: (key) => map.get(key),
    has: (key) => map.has(key),
    set: (key, value) => {
      map.set(key, value);
    },
    delete: (key) => map.delete(key),
  };
}

// qs reads it with require('side-channel') and calls what it gets: the CommonJS export itself.
export { getSideChannel as 'module.exports' };
