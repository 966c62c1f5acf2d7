// A new password must not be common, nor built on the account's or its clinic's names.
import { assertPassword, personalWords } from '../../auth/password-policy';
import type { WriteContext } from './rule';

export async function passwords({ trx, def, input, existing, tenantId }: WriteContext): Promise<void> {
  for (const [name, field] of Object.entries(def.fields)) {
    const value = input[name];
    if (field.type !== 'password' || typeof value !== 'string') continue;
    const own = (key: string) => input[key] ?? existing?.[key];
    const personal = [...(await personalWords(trx, tenantId, { username: own('username'), name: own('name') })), own('subdomain')];
    assertPassword(value, personal.filter((w): w is string => typeof w === 'string'), name);
  }
}
