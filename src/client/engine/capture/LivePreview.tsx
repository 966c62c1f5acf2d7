// The camera's live preview on a phone or tablet (issue 40): the rear camera (`facingMode:
// 'environment'`) shown full width, a shutter that adds a page per press, the pages taken as
// thumbnails (each removable), and Done to hand them all over. Each page is the video's frame as
// it is shown, so upright; CaptureButton sends it through the same preparation as a chosen photo
// (downscaled, compressed, no metadata). The camera is stopped whenever the preview closes. When
// the camera is refused or missing, `onRefused` says so and the caller falls back to the file input.
import { useEffect, useRef, useState } from 'react';
import { Button, Modal, Space, Typography } from 'antd';
import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';

export interface LivePreviewProps {
  name: string;
  /** Several pages (a paper result), or one photo: then the shutter ends the capture. */
  multiple: boolean;
  onPages: (pages: File[]) => void;
  onCancel: () => void;
  onRefused: () => void;
}

interface Page {
  file: File;
  url: string;
}

/** Asks for the rear camera, at a size that keeps a page's small type (downscaled afterwards). */
const CAMERA: MediaStreamConstraints = { audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: 2560 }, height: { ideal: 1440 } } };

/** The frame the video shows now, as a JPEG of its full size (preparePhoto makes it small). */
function frameOf(video: HTMLVideoElement, page: number): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(new File([blob], `page-${page}.jpg`, { type: 'image/jpeg' })) : reject(new Error('no frame'))), 'image/jpeg', 0.92),
  );
}

export default function LivePreview({ name, multiple, onPages, onCancel, onRefused }: LivePreviewProps) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const [pages, setPages] = useState<Page[]>([]);
  const [taking, setTaking] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let closed = false;
    navigator.mediaDevices.getUserMedia(CAMERA).then(
      (s) => {
        if (closed) return s.getTracks().forEach((track) => track.stop());
        stream = s;
        if (video.current) video.current.srcObject = s;
      },
      () => {
        if (!closed) onRefused();
      },
    );
    return () => {
      closed = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onRefused]);

  // The thumbnails' object URLs are let go when the preview closes.
  const urls = useRef<string[]>([]);
  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const shoot = async () => {
    if (!video.current || taking) return;
    setTaking(true);
    try {
      const file = await frameOf(video.current, pages.length + 1);
      if (!multiple) return onPages([file]);
      const url = URL.createObjectURL(file);
      urls.current.push(url);
      setPages((taken) => [...taken, { file, url }]);
    } finally {
      setTaking(false);
    }
  };

  const next = pages.length + 1;
  return (
    <Modal
      open
      centered
      width={560}
      title={t('capture.take', 'Take a photo')}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={onCancel} data-testid={`camera-cancel-${name}`}>
            {t('capture.cancel', 'Cancel')}
          </Button>
          {multiple && (
            <Button type="primary" disabled={!pages.length} onClick={() => onPages(pages.map((p) => p.file))} data-testid={`camera-done-${name}`}>
              {t('capture.done', { count: pages.length }, 'Done ({{count}})')}
            </Button>
          )}
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} data-testid={`camera-${name}`}>
        <video
          ref={video}
          autoPlay
          playsInline
          muted
          aria-label={t('capture.preview', 'What the camera sees')}
          onLoadedData={() => setReady(true)}
          data-testid={`camera-video-${name}`}
          style={{ width: '100%', maxHeight: '55vh', background: '#000', borderRadius: 8, objectFit: 'contain' }}
        />
        {multiple && <Typography.Text type="secondary">{t('capture.hint', 'Hold the paper flat, fill the frame, and take each page in turn.')}</Typography.Text>}
        <Button type="primary" size="large" block icon={<CameraOutlined />} disabled={!ready} loading={taking} onClick={() => void shoot()} data-testid={`camera-shutter-${name}`}>
          {multiple ? t('capture.shutter', { page: next }, 'Take page {{page}}') : t('capture.shutterOne', 'Take the photo')}
        </Button>
        {pages.length > 0 && (
          <ul aria-label={t('capture.pages', 'Pages taken')} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', padding: 0, margin: 0 }} data-testid={`camera-pages-${name}`}>
            {pages.map((page, index) => (
              <li key={page.url} style={{ position: 'relative' }}>
                <img src={page.url} alt={t('capture.page', { page: index + 1 }, 'Page {{page}}')} style={{ width: 72, height: 96, objectFit: 'cover', borderRadius: 4, display: 'block' }} />
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('capture.removePage', { page: index + 1 }, 'Remove page {{page}}')}
                  onClick={() => setPages((taken) => taken.filter((p) => p !== page))}
                  style={{ position: 'absolute', insetBlockStart: 2, insetInlineEnd: 2 }}
                />
              </li>
            ))}
          </ul>
        )}
      </Space>
    </Modal>
  );
}
