import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../components/PublicLayout';

type Section = { title: string; body?: string; items?: string[] };

/** A legal text of the legal namespace: a title, an introduction and sections of prose or lists. */
export function LegalDocument({ kind }: { kind: 'policy' | 'termsOfUse' }) {
  const { t } = useTranslation('legal');
  const sections: unknown = t(`${kind}.sections`, { returnObjects: true });
  return (
    <PublicLayout title={t(`${kind}.title`)}>
      <Typography>
        <Typography.Paragraph>{t(`${kind}.intro`)}</Typography.Paragraph>
        {Array.isArray(sections) &&
          (sections as Section[]).map((section) => (
            <section key={section.title}>
              <Typography.Title level={4}>{section.title}</Typography.Title>
              {section.body && <Typography.Paragraph>{section.body}</Typography.Paragraph>}
              {section.items && (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
      </Typography>
    </PublicLayout>
  );
}
