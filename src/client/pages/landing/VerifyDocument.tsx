// The page a printed document's QR code opens (/verify/<id>.<signature> on the clinic's site, no
// account; issue 40): valid, revoked or not valid, with the clinic, the doctor, the date, the kind
// of document and its content's digest. Never the patient, nothing clinical. In the visitor's
// language (Kurdish unless they chose another: the switcher above).
import { useEffect, useState } from 'react';
import { Descriptions, Result, Spin, Typography } from 'antd';
import { useParams } from 'react-router';
import { useT } from '../../i18n/useT';
import { Ltr } from '../../engine/Ltr';
import { publicRead } from '../../providers/publicSite';
import type { VerifiedDocument } from '../../../shared/printedDocuments';
import { LandingShell } from './LandingShell';
import { useDocumentMeta } from './useDocumentMeta';

type Verdict = VerifiedDocument['status'] | 'invalid';

export default function VerifyDocument() {
  const t = useT();
  const { code = '' } = useParams();
  const [doc, setDoc] = useState<VerifiedDocument | null>(null);
  const [failed, setFailed] = useState(false);
  useDocumentMeta(`${t('verify.title')}${doc ? ` — ${doc.clinic}` : ''}`, t('verify.title'));

  useEffect(() => {
    setDoc(null);
    setFailed(false);
    publicRead<{ data: VerifiedDocument }>(`/public/printed-documents/${encodeURIComponent(code)}`)
      .then((answer) => setDoc(answer.data))
      .catch(() => setFailed(true));
  }, [code]);

  const verdict: Verdict | null = failed ? 'invalid' : (doc?.status ?? null);
  let content;
  if (!verdict) content = <Spin />;
  else {
    const shown = {
      valid: { status: 'success', title: t('verify.valid') },
      revoked: { status: 'warning', title: t('verify.revoked') },
      invalid: { status: 'error', title: t('verify.invalid') },
    } as const;
    content = (
      <>
        <Result status={shown[verdict].status} title={<span data-testid="verify-status" data-status={verdict}>{shown[verdict].title}</span>} style={{ padding: '16px 0' }} />
        {doc && (
          <Descriptions column={1} bordered size="small" data-testid="verify-details">
            <Descriptions.Item label={t('verify.clinic')}>{doc.clinic}</Descriptions.Item>
            {doc.doctor && <Descriptions.Item label={t('verify.doctor')}>{doc.doctor}</Descriptions.Item>}
            <Descriptions.Item label={t('verify.date')}>
              <Ltr>{doc.date}</Ltr>
            </Descriptions.Item>
            <Descriptions.Item label={t('verify.kind')}>{t(`resources.printedDocuments.kinds.${doc.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t('verify.digest')}>
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                <Ltr wrap>{doc.digest}</Ltr>
              </Typography.Text>
            </Descriptions.Item>
            {doc.revoked_at && (
              <Descriptions.Item label={t('verify.revokedAt')}>
                <Ltr>{doc.revoked_at.slice(0, 10)}</Ltr>
              </Descriptions.Item>
            )}
          </Descriptions>
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {t('verify.note')}
        </Typography.Paragraph>
      </>
    );
  }
  return (
    <LandingShell brand={doc?.clinic ?? t('app.title', 'Clinic Platform')}>
      <div style={{ maxWidth: 560, margin: '24px auto' }} data-testid="verify-document">
        <Typography.Title level={3}>{t('verify.title')}</Typography.Title>
        {content}
      </div>
    </LandingShell>
  );
}
