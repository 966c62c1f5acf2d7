import { definePlugin } from '../../src/server/engine/plugin';
import { vitalSignHooks } from '../../src/server/modules/patient-records';

export default definePlugin({ hooks: { vitalSigns: vitalSignHooks } });
