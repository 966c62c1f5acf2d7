// The public home at "/": the platform's landing page on the main host, the clinic's on its own.
import { lazy } from 'react';
import { appScope } from '../../host';

const CentralLanding = lazy(() => import('./CentralLanding'));
const ClinicLanding = lazy(() => import('./ClinicLanding'));

export default function Home() {
  return appScope() === 'central' ? <CentralLanding /> : <ClinicLanding />;
}
