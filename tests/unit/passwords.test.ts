// Passwords are hashed at production cost everywhere but in the API tests, which lower it for
// speed (tests/api/setup.ts): the cost the server uses is checked here, once, on a real hash.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HASH_COST, hashPassword, verifyPassword } from '../../src/server/auth/passwords';

/** Every TypeScript file under `dir`. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

describe('password hashing', () => {
  it("hashes with argon2id at OWASP's parameters, and verifies", async () => {
    expect(PASSWORD_HASH_COST).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const stored = await hashPassword('amber-lantern-9031');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'amber-lantern-9031')).toBe(true);
    expect(await verifyPassword(stored, 'amber-lantern-9032')).toBe(false);
  });

  it('lowers the cost only from the tests: no server or shared source calls the lowering', () => {
    const callers = sources('src').filter((file) => !file.endsWith(path.join('auth', 'passwords.ts')) && fs.readFileSync(file, 'utf8').includes('lowerPasswordHashCostForTests'));
    expect(callers).toEqual([]);
  });
});
