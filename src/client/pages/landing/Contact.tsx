// Contact information with social links (the platform's contact section).
import type { ReactNode } from 'react';
import { Space, Typography } from 'antd';
import { FacebookOutlined, InstagramOutlined, LinkedinOutlined, MailOutlined, PhoneOutlined, XOutlined, YoutubeOutlined } from '@ant-design/icons';
import { safeUrl } from './content';

const SOCIAL: [field: string, label: string, icon: ReactNode][] = [
  ['facebook_url', 'Facebook', <FacebookOutlined key="f" />],
  ['instagram_url', 'Instagram', <InstagramOutlined key="i" />],
  ['x_url', 'X', <XOutlined key="x" />],
  ['youtube_url', 'YouTube', <YoutubeOutlined key="y" />],
  ['linkedin_url', 'LinkedIn', <LinkedinOutlined key="l" />],
];

export function Contact({ row }: { row: Record<string, unknown> }) {
  const email = typeof row.email === 'string' && row.email ? row.email : null;
  const phone = typeof row.phone === 'string' && row.phone ? row.phone : null;
  const social = SOCIAL.map(([field, label, icon]) => ({ href: safeUrl(row[field]), label, icon })).filter((s) => s.href);
  if (!email && !phone && !social.length) return null;
  return (
    <Space direction="vertical" size="middle" data-testid="landing-contact">
      {email && (
        <Typography.Text>
          <MailOutlined style={{ marginInlineEnd: 8 }} />
          <a href={`mailto:${email}`} dir="ltr">{email}</a>
        </Typography.Text>
      )}
      {phone && (
        <Typography.Text>
          <PhoneOutlined style={{ marginInlineEnd: 8 }} />
          <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} dir="ltr">{phone}</a>
        </Typography.Text>
      )}
      {social.length > 0 && (
        <Space size="large" wrap>
          {social.map((s) => (
            <a key={s.label} href={s.href!} target="_blank" rel="noopener noreferrer" aria-label={s.label} title={s.label} style={{ fontSize: 24 }}>
              {s.icon}
            </a>
          ))}
        </Space>
      )}
    </Space>
  );
}
