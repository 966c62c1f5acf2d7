// Prints anyone can verify: the clinic's record of what it printed, and the public check of a print.
import { definePlugin } from '../../src/server/engine/plugin';
import { registerPrintRoutes } from '../../src/server/prints/routes';

export default definePlugin({ routes: (api, { db, keyring, publicUrl }) => registerPrintRoutes(api, db, keyring, publicUrl) });
