import { definePlugin } from '../../src/server/engine/plugin';
import { vitalSignHooks } from './hooks';

export default definePlugin({ hooks: { vitalSigns: vitalSignHooks } });
