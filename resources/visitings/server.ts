// Visits: their rules, and the allergy check of a visit's prescription.
import { definePlugin } from '../../src/server/engine/plugin';
import { registerAllergyCheckRoutes } from './allergy-check';
import { visitingHooks } from './hooks';

export default definePlugin({ hooks: { visitings: visitingHooks }, routes: (api) => registerAllergyCheckRoutes(api) });
