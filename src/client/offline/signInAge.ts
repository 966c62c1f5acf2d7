// How long after an online sign-in on a device an offline one is still accepted (issue 36): the
// rule alone, so it is tested without a browser. The time it is judged on is bound into the key's
// wrapping (sealing.ts), so it cannot be moved in storage.

export const OFFLINE_SIGN_IN_HOURS = 72;

/**
 * Whether an online sign-in at `onlineAt` (ISO) still allows an offline one at `now`: 72 hours to
 * the millisecond. A time that cannot be read allows nothing. A sign-in "in the future" is allowed:
 * a clinic PC whose clock went back (a flat battery after a power cut) must still open during a cut.
 */
export function offlineSignInAllowed(onlineAt: string, now: Date): boolean {
  const since = now.getTime() - Date.parse(onlineAt);
  return Number.isFinite(since) && since <= OFFLINE_SIGN_IN_HOURS * 3600_000;
}
