// localStorage when there is one (the browser); undefined elsewhere (unit tests may install one).
export function storage(): Storage | undefined {
  return typeof globalThis.localStorage === 'undefined' ? undefined : globalThis.localStorage;
}
