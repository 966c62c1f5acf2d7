// The landing-page editor's hub (links to every list, visibility switches), in both applications.
import { defineClientPart } from '../../src/client/engine/clientPart';

export default defineClientPart({ screens: { landingHub: () => import('../../src/client/pages/landing/LandingHub') } });
