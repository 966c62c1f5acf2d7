// The plans of the platform's page: yearly price, discount (e.g. 50% and the discounted price),
// a "recommended" badge, limits and features.
import { Badge, Card, Col, Row, Space, Tag, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import type { Lang } from '../../i18n';
import { useT } from '../../i18n/useT';
import type { LandingPlan } from '../../providers/landing';
import { discountedPrice, formatNumberText, pickText } from './content';
import { PLATFORM_CURRENCY, formatMoney } from '../../../shared/money';

function PlanCard({ plan, lang }: { plan: LandingPlan; lang: Lang }) {
  const t = useT();
  const discount = Number(plan.discount ?? 0);
  const price = Number(plan.price);
  const features = pickText(plan, 'features', lang).split('\n').map((l) => l.trim()).filter(Boolean);
  const limits = [
    t('landing.plan.users', { n: plan.max_users }),
    t('landing.plan.visitings', { n: plan.max_visitings }),
    t('landing.plan.storage', { n: plan.max_storage_gb }),
    plan.support ? t('landing.plan.support', 'Support included') : null,
  ].filter((x): x is string => !!x);
  const card = (
    <Card
      title={pickText(plan, 'type', lang)}
      cover={plan.image ? <img alt="" src={plan.image} loading="lazy" style={{ height: 140, objectFit: 'cover' }} data-testid="plan-image" /> : undefined}
      style={{ height: '100%', borderColor: plan.recommended ? '#0f766e' : undefined }}
      data-testid="landing-plan"
    >
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        {discount > 0 ? (
          <>
            <Space>
              <Typography.Text delete type="secondary"><bdi>{formatMoney(price, PLATFORM_CURRENCY, lang)}</bdi></Typography.Text>
              <Tag color="red" data-testid="plan-discount"><bdi>{`${formatNumberText(discount, lang)}%`}</bdi></Tag>
            </Space>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="plan-price"><bdi>{formatMoney(discountedPrice(price, discount), PLATFORM_CURRENCY, lang)}</bdi></Typography.Title>
          </>
        ) : (
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="plan-price"><bdi>{formatMoney(price, PLATFORM_CURRENCY, lang)}</bdi></Typography.Title>
        )}
        <Typography.Text type="secondary">{t('landing.plan.perYear', 'per year')}</Typography.Text>
        <ul style={{ paddingInlineStart: 0, listStyle: 'none', marginTop: 12 }}>
          {[...limits, ...features].map((line, i) => (
            <li key={i}>
              <CheckOutlined style={{ color: '#0f766e', marginInlineEnd: 8 }} />
              {line}
            </li>
          ))}
        </ul>
      </Space>
    </Card>
  );
  return plan.recommended ? (
    <Badge.Ribbon text={t('landing.plan.recommended', 'Recommended')} color="#0f766e">
      {card}
    </Badge.Ribbon>
  ) : (
    card
  );
}

export function Plans({ plans, lang }: { plans: LandingPlan[]; lang: Lang }) {
  if (!plans.length) return null;
  return (
    <Row gutter={[16, 16]} data-testid="landing-plans">
      {plans.map((plan, i) => (
        <Col key={plan.id ?? i} xs={24} md={12} lg={8}>
          <PlanCard plan={plan} lang={lang} />
        </Col>
      ))}
    </Row>
  );
}
