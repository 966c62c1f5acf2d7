// Opening the idle lock (idleWatch.ts, issue 36) with the user's password: checked by the server
// when it answers (POST /auth/tenant/profile/unlock, throttled like a login; the device key is then
// wrapped again as at an online sign-in), otherwise against the wrapped device key, under the same
// 72-hour rule as an offline sign-in. Loaded with the lock's screen only.
import { translate } from '../i18n';
import { ApiError, api } from '../providers/http';
import { getSession } from '../providers/session';
import { isOfflineToken, resumeFollowing, signInOffline, unlockAfterOnlineLogin } from './device';
import { lockReason, noteKeyComing, noteUse, setLocked } from './idleWatch';
import { queryClient } from '../providers/queryClient';

export type UnlockAnswer = { ok: true } | { ok: false; message: string };

/** The message of a refusal: the field's own (a wrong password), else the error's. */
function refusal(err: unknown): string {
  if (err instanceof ApiError && err.errors?.current_password?.[0]) return err.errors.current_password[0];
  return err instanceof Error ? err.message : String(err);
}

/**
 * The lock opened. A page opened again read nothing while it had no key (its lists failed, or
 * showed the server's answers only): its screens read again now. Not after an idle lock, whose
 * page was working: a form's record read again would be put over what was typed.
 */
function opened(): void {
  const reopened = lockReason() === 'reopened';
  setLocked(false);
  noteUse();
  if (reopened) void queryClient.invalidateQueries();
}

/** The password typed on the lock: the server checks it, or the device key when the server does not answer. */
export async function unlock(password: string): Promise<UnlockAnswer> {
  const { token, user } = getSession();
  if (!user) return { ok: false, message: translate('errors.unauthenticated') };
  if (!isOfflineToken(token)) {
    try {
      await api('/auth/tenant/profile/unlock', { method: 'POST', body: { current_password: password }, quiet: true });
      // The key follows in a moment (the password's key derivation): not offered as missing meanwhile.
      noteKeyComing(true);
      opened();
      // As at an online sign-in: the working set opens and follows again.
      void unlockAfterOnlineLogin(user.username, password, user).catch((err: unknown) => {
        noteKeyComing(false);
        console.error('offline working set', err);
      });
      return { ok: true };
    } catch (err) {
      // Refused (a wrong password, too many tries) or the session is over (the sign-in screen follows).
      if (!(err instanceof ApiError) || err.statusCode !== 0) return { ok: false, message: refusal(err) };
    }
  }
  // No server: the password must open this device's key.
  const answer = await signInOffline(user.username, password);
  if (!answer.ok) return { ok: false, message: translate(answer.reason === 'wrongPassword' ? 'offline.wrongPassword' : answer.reason === 'tooOld' ? 'offline.signInTooOld' : 'offline.notHere') };
  opened();
  resumeFollowing();
  return { ok: true };
}
