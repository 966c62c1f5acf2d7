// Every API test file: passwords hashed at argon2id's lowest cost (the demo accounts of the run's
// template were hashed so too, tests/api/global-setup.ts). What the server hashes with outside the
// tests is checked once, in tests/unit/passwords.test.ts.
import { lowerPasswordHashCostForTests } from '../../src/server/auth/passwords';

lowerPasswordHashCostForTests();
