// "Take a photo": the phone's camera through the file input (`capture` opens it straight away on a
// phone or tablet, a file chooser elsewhere), one page or several in one go. Each page is made
// upright, small and free of metadata (preparePhoto.ts), then uploaded like any file (sealed at
// rest by the server); the pages uploaded are handed back together. Loaded only when a form with
// a file shows it (TakePhoto.tsx), so no list or login screen carries it.
import { useEffect, useRef, useState } from 'react';
import { Button, Typography } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import type { FieldDef } from '../../../shared/resource';
import { useT } from '../../i18n/useT';
import { type UploadedFile, uploadCall, uploadError } from '../upload';
import { onFields, useAction } from '../useAction';
import { CaptureError, preparePhoto } from './preparePhoto';

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
      <Button icon={<CameraOutlined />} loading={!!progress} onClick={() => input.current?.click()}>
        {progress ? t('capture.preparing', progress, 'Page {{page}} of {{pages}}…') : t('capture.take', 'Take a photo')}
      </Button>
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
    </span>
  );
}
