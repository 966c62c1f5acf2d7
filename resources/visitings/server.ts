// Visits: their rules, and the allergy check of a visit's prescription.
import { definePlugin } from '../../src/server/engine/plugin';
import { registerAllergyCheckRoutes } from '../../src/server/modules/allergy-check';
import { visitingHooks } from '../../src/server/modules/visitings';

export default definePlugin({ hooks: { visitings: visitingHooks }, routes: (api) => registerAllergyCheckRoutes(api) });
