// Building blocks of the landing pages: a section's heading and texts, a grid of items, a link
// button. Texts are rendered as text, never as HTML.
import type { ReactNode } from 'react';
import { Button, Card, Col, Row, Statistic, Typography } from 'antd';
import type { Lang } from '../../i18n';
import { contentIcon } from '../../layout/icons';
import type { LandingItem } from '../../providers/landing';
import { pickText, safeUrl } from './content';
import { Picture } from './Picture';

type Row_ = Record<string, unknown>;

export function Texts({ row, lang, level = 2, extra = [] }: { row: Row_; lang: Lang; level?: 1 | 2 | 3; extra?: string[] }) {
  const title = pickText(row, 'title', lang);
  const subtitle = pickText(row, 'subtitle', lang);
  return (
    <>
      {title && <Typography.Title level={level} style={{ marginTop: 0 }}>{title}</Typography.Title>}
      {subtitle && <Typography.Title level={level === 1 ? 4 : 5} type="secondary" style={{ marginTop: 0 }}>{subtitle}</Typography.Title>}
      {['description', ...extra].map((base) => {
        const text = pickText(row, base, lang);
        return text ? <Typography.Paragraph key={base} style={{ whiteSpace: 'pre-line', fontSize: 16 }}>{text}</Typography.Paragraph> : null;
      })}
    </>
  );
}

export function LinkButton({ url, children, primary }: { url: unknown; children: ReactNode; primary?: boolean }) {
  const href = safeUrl(url);
  if (!href || !children) return null;
  const external = /^https?:/i.test(href);
  return (
    <Button type={primary ? 'primary' : 'default'} size="large" href={href} target={external ? '_blank' : undefined} rel={external ? 'noopener noreferrer' : undefined}>
      {children}
    </Button>
  );
}

export function ItemsGrid({ items, lang, testId }: { items: LandingItem[]; lang: Lang; testId?: string }) {
  if (!items.length) return null;
  return (
    <Row gutter={[16, 16]} data-testid={testId}>
      {items.map((item, i) => {
        const title = pickText(item, 'title', lang);
        const description = pickText(item, 'description', lang);
        const href = safeUrl(item.url);
        return (
          <Col key={item.id ?? i} xs={24} sm={12} lg={8}>
            <Card style={{ height: '100%' }} cover={<Picture row={item} alt={title} height={180} />}>
              {item.value ? <Statistic value={String(item.value)} title={title} /> : null}
              {!item.value && (
                <Typography.Title level={4} style={{ marginTop: 0 }}>
                  {item.icon ? <span style={{ marginInlineEnd: 8, color: '#0f766e' }}>{contentIcon(String(item.icon))}</span> : null}
                  {title}
                </Typography.Title>
              )}
              {description && <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>{description}</Typography.Paragraph>}
              {href && (
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {href}
                </a>
              )}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

export function SectionFrame({ id, testId, children, tinted }: { id?: string; testId: string; children: ReactNode; tinted?: boolean }) {
  return (
    <section id={id} data-testid={testId} style={{ padding: '32px 16px', margin: '16px 0', borderRadius: 12, background: tinted ? '#f0fdfa' : undefined }}>
      {children}
    </section>
  );
}
