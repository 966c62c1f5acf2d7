// The camera button of file inputs, loaded on first show: the capture code (decoding, resizing,
// metadata stripping) stays out of the bundles of screens without a file input.
import { Suspense, lazy } from 'react';
import { Button } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useT } from '../i18n/useT';
import type { CaptureButtonProps } from './capture/CaptureButton';

const CaptureButton = lazy(() => import('./capture/CaptureButton'));

export function TakePhoto(props: CaptureButtonProps) {
  const t = useT();
  const waiting = (
    <Button icon={<CameraOutlined />} disabled>
      {t('capture.take', 'Take a photo')}
    </Button>
  );
  return (
    <Suspense fallback={waiting}>
      <CaptureButton {...props} />
    </Suspense>
  );
}
