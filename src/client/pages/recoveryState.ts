// Progress of the three-step password recovery, kept for the browser tab (survives a reload).
export interface RecoveryState {
  username?: string;
  token?: string;
}

const KEY = 'recovery';

export function getRecovery(): RecoveryState {
  try {
    return JSON.parse(globalThis.sessionStorage?.getItem(KEY) ?? '{}') as RecoveryState;
  } catch {
    return {};
  }
}

export function setRecovery(state: RecoveryState | null): void {
  if (!globalThis.sessionStorage) return;
  if (state) globalThis.sessionStorage.setItem(KEY, JSON.stringify(state));
  else globalThis.sessionStorage.removeItem(KEY);
}
