// The QR code at the foot of a printed document (issue 40): it leads to the clinic's public page
// that confirms the clinic, the doctor, the date and the kind of document. Its number and address
// are printed beside it for whoever has no camera at hand.
import type { fixedTranslate } from '../../i18n';
import type { PrintVerification } from './lib/qr';

/** The quiet zone the QR standard asks around a code, in modules. */
const QUIET = 4;

export function VerifyQr({ verify, t }: { verify: PrintVerification | null | undefined; t: ReturnType<typeof fixedTranslate> }) {
  if (!verify) return null;
  const side = verify.qr.size + 2 * QUIET;
  return (
    <figure className="rx-verify" data-testid="print-verify" data-url={verify.url}>
      <svg viewBox={`-${QUIET} -${QUIET} ${side} ${side}`} shapeRendering="crispEdges" role="img" aria-label={t('printedDocuments.qrCaption', 'Scan to verify')} data-testid="print-verify-qr">
        <rect x={-QUIET} y={-QUIET} width={side} height={side} fill="#fff" />
        <path d={verify.qr.path} fill="#000" />
      </svg>
      <figcaption>
        <div>{t('printedDocuments.qrCaption', 'Scan to verify')} · {t('printedDocuments.number', 'Document no.')} <bdi dir="ltr">{verify.id}</bdi></div>
        <bdi dir="ltr" className="rx-verify-url">{verify.url}</bdi>
      </figcaption>
    </figure>
  );
}
