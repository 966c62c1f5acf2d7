// "Take a photo": on a phone or tablet (a touch screen with a camera API) the camera's live preview
// (LivePreview.tsx, loaded on first use), several pages in one go; elsewhere, or when the camera is
// refused or missing, the file input (`capture` opens the camera app where there is one, a file
// chooser otherwise). Each page is made upright, small and free of metadata (preparePhoto.ts), then
// uploaded like any file (sealed at rest by the server); the pages uploaded are handed back
// together. Loaded only when a form with a file shows it (TakePhoto.tsx), so no list or login
// screen carries it.
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { Button, Typography } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import type { FieldDef } from '../../../shared/resource';
import { useT } from '../../i18n/useT';
import { type UploadedFile, uploadCall, uploadError } from '../upload';
import { onFields, useAction } from '../useAction';
import { CaptureError, preparePhoto } from './preparePhoto';

const LivePreview = lazy(() => import('./LivePreview'));

/** A phone or tablet whose browser may show the camera: the live preview is offered there. */
const livePreviewFits = () => typeof navigator.mediaDevices?.getUserMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

export interface CaptureButtonProps {
  name: string;
  field: Pick<FieldDef, 'publicFile'>;
  /** Several pages in one go (a paper result), or one photo (the patient's). */
  multiple: boolean;
  onAdded: (files: UploadedFile[]) => void;
}

export default function CaptureButton({ name, field, multiple, onAdded }: CaptureButtonProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const { run } = useAction<{ data: UploadedFile }>({ failure: onFields });
  const [progress, setProgress] = useState<{ page: number; pages: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [live, setLive] = useState(false);
  // The camera refused or missing: the file input from then on, with a button to open it.
  const [fallback, setFallback] = useState(false);
  const refused = useCallback(() => {
    setLive(false);
    setFallback(true);
    setProblem(t('capture.refused', 'The camera could not be opened (it was refused or is missing). Choose a photo from the phone instead, or allow the camera in the browser settings.'));
  }, [t]);

  // Closing the camera without a photo (or a refused camera) gives no files: say how to go on.
  useEffect(() => {
    const element = input.current;
    const cancelled = () => setProblem(t('capture.none', 'No photo was taken. If the camera was refused, allow it in the browser settings and try again.'));
    element?.addEventListener('cancel', cancelled);
    return () => element?.removeEventListener('cancel', cancelled);
  }, [t]);

  const take = async (files: File[]) => {
    if (!files.length) return;
    setProblem(null);
    const added: UploadedFile[] = [];
    try {
      for (const [index, file] of files.entries()) {
        setProgress({ page: index + 1, pages: files.length });
        const page = await preparePhoto(file, index);
        added.push((await run(uploadCall(page, field))).data);
      }
    } catch (err) {
      const page = added.length + 1;
      const said = err instanceof CaptureError ? t(`capture.${err.problem}`, err.problem) : uploadError(err);
      setProblem(files.length > 1 ? t('capture.pageProblem', { page, problem: said }, 'Page {{page}}: {{problem}}') : said);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
      // The pages already sent are kept, even when a later one failed.
      if (added.length) onAdded(added);
    }
  };

  return (
    <span data-testid={`capture-${name}`}>
      <Button
        icon={<CameraOutlined />}
        loading={!!progress}
        onClick={() => {
          setProblem(null);
          if (!fallback && livePreviewFits()) setLive(true);
          else input.current?.click();
        }}
      >
        {progress ? t('capture.preparing', progress, 'Page {{page}} of {{pages}}…') : t('capture.take', 'Take a photo')}
      </Button>
      {live && (
        <Suspense fallback={null}>
          <LivePreview
            name={name}
            multiple={multiple}
            onCancel={() => setLive(false)}
            onRefused={refused}
            onPages={(pages) => {
              setLive(false);
              void take(pages);
            }}
          />
        </Suspense>
      )}
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        multiple={multiple}
        hidden
        style={{ display: 'none' }}
        data-testid={`capture-input-${name}`}
        onChange={(e) => void take([...(e.target.files ?? [])])}
      />
      {problem && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 4 }} data-testid={`capture-error-${name}`}>
          {problem}
        </Typography.Text>
      )}
      {fallback && !progress && (
        <Button type="link" onClick={() => input.current?.click()} data-testid={`capture-choose-${name}`}>
          {t('capture.choose', 'Choose a photo')}
        </Button>
      )}
    </span>
  );
}
