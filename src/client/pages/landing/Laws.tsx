// The platform's public laws (docs/product.md#public-pages): a list,
// and a law with its articles, in the reader's language, no login. Read from the declared
// resources `laws` and `lawArticles` (publicRead), as any list of the API.
import { useEffect, useState } from 'react';
import { Card, Empty, List, Skeleton, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type Lang, isLang } from '../../i18n';
import { useT } from '../../i18n/useT';
import { publicRead } from '../../providers/publicSite';
import { LandingShell } from './LandingShell';
import { useDocumentMeta } from './useDocumentMeta';

type Texts = Record<string, unknown> & { id: number };

/** The field in the reader's language, else Kurdish (the fallback), else English. */
function text(row: Texts, field: string, lang: Lang): string {
  return String(row[`${field}_${lang}`] || row[`${field}_ckb`] || row[`${field}_en`] || '');
}

/** "Law number 71 · 2021-05-01": what identifies a law, labelled. */
function lawLine(t: ReturnType<typeof useT>, law: Texts): string {
  const number = law.number ? `${t('resources.laws.fields.number', 'Law number')} ${String(law.number)}` : '';
  return [number, law.issued_on ? String(law.issued_on) : ''].filter(Boolean).join(' · ');
}

/** One public list; null while loading, [] also when it failed (the page says there is nothing). */
function usePublicList(path: string | null): Texts[] | null {
  const [rows, setRows] = useState<Texts[] | null>(null);
  useEffect(() => {
    if (!path) return;
    let live = true;
    publicRead<{ data: Texts[] }>(path)
      .then((body) => live && setRows(body.data))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [path]);
  return rows;
}

function useLang(): Lang {
  const { i18n } = useTranslation();
  return isLang(i18n.language) ? i18n.language : 'ckb';
}

export function PublicLaws() {
  const t = useT();
  const lang = useLang();
  const laws = usePublicList('/laws?per_page=100&sort=-issued_on');
  const title = t('laws.publicTitle', 'Laws');
  useDocumentMeta(`${title} — ${t('app.title', 'Clinic Platform')}`, t('laws.publicIntro', title));
  return (
    <LandingShell brand={t('app.title', 'Clinic Platform')}>
      <Card data-testid="public-laws">
        <Typography.Title level={1}>{title}</Typography.Title>
        <Typography.Paragraph>{t('laws.publicIntro', '')}</Typography.Paragraph>
        {laws === null ? (
          <Skeleton active />
        ) : (
          <List
            dataSource={laws}
            locale={{ emptyText: <Empty description={t('laws.none', 'No laws published yet')} /> }}
            renderItem={(law) => (
              <List.Item>
                <List.Item.Meta
                  title={<Link to={`/laws/${law.id}`}>{text(law, 'title', lang)}</Link>}
                  description={lawLine(t, law)}
                />
              </List.Item>
            )}
          />
        )}
      </Card>
    </LandingShell>
  );
}

export function PublicLaw() {
  const t = useT();
  const lang = useLang();
  const { id } = useParams<{ id: string }>();
  const valid = id !== undefined && /^[1-9]\d{0,15}$/.test(id);
  const found = usePublicList(valid ? `/laws?filter[id]=${id}` : null);
  const law = found?.[0];
  const articles = usePublicList(valid ? `/lawArticles?filter[law_id]=${id}&sort=number&per_page=500` : null);
  const title = law ? text(law, 'title', lang) : t('laws.publicTitle', 'Laws');
  useDocumentMeta(`${title} — ${t('app.title', 'Clinic Platform')}`, law ? text(law, 'description', lang) : title);
  const loading = valid && (found === null || articles === null);
  return (
    <LandingShell brand={t('app.title', 'Clinic Platform')}>
      <Card data-testid="public-law">
        <Link to="/laws">{t('laws.back', 'All laws')}</Link>
        {loading ? (
          <Skeleton active />
        ) : !law ? (
          <Empty description={t('laws.notFound', 'This law was not found')} />
        ) : (
          <>
            <Typography.Title level={1}>{title}</Typography.Title>
            <Typography.Paragraph type="secondary">{lawLine(t, law)}</Typography.Paragraph>
            {text(law, 'description', lang) && <Typography.Paragraph>{text(law, 'description', lang)}</Typography.Paragraph>}
            {articles?.length ? (
              articles.map((article) => (
                <section key={article.id} data-testid="law-article" style={{ marginBottom: 16 }}>
                  <Typography.Title level={4}>
                    {t('laws.article', { number: String(article.number) })}
                    {text(article, 'title', lang) ? ` — ${text(article, 'title', lang)}` : ''}
                  </Typography.Title>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{text(article, 'body', lang)}</Typography.Paragraph>
                </section>
              ))
            ) : (
              <Empty description={t('laws.noArticles', 'This law has no articles yet')} />
            )}
          </>
        )}
      </Card>
    </LandingShell>
  );
}
