// Password and secret hashing: argon2id (OWASP parameters) for what people choose, SHA-256 for
// random tokens that are already unguessable.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

interface HashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** What every password and code is hashed with: OWASP's argon2id parameters (19 MiB, 2 passes). */
export const PASSWORD_HASH_COST: Readonly<HashCost> = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

let cost: Readonly<HashCost> = PASSWORD_HASH_COST;

/**
 * For the API tests only (tests/api/setup.ts): argon2id at its lowest cost, so the thousands of
 * logins and new accounts of a run do not each spend 19 MiB and tens of milliseconds. A hash keeps
 * its parameters, so verifying costs what hashing did. The server never calls this
 * (tests/unit/passwords.test.ts checks both).
 */
export function lowerPasswordHashCostForTests(): void {
  cost = { memoryCost: 8, timeCost: 1, parallelism: 1 };
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, cost); // argon2id is the library's default algorithm
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A six-digit one-time code, uniformly drawn. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
