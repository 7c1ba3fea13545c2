import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOST_BRAND, HOST_CONFIG, logoOf, SITE_TITLE } from '../lib/remote-config';
import { useSession } from '../lib/session';
import { LanguageSwitch } from './LanguageSwitch';
import { VitrineMark } from './VitrineMark';
import './PublicLayout.css';

/** The frame of every public page: logo, language switch, a centred card, links to the terms. */
export function PublicLayout({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const logo = logoOf(useSession().config ?? HOST_CONFIG);
  return (
    <div className="public-layout">
      <header className="public-layout__header">
        <Link to="/login" className="public-layout__brand">
          {logo ? (
            <img src={logo} alt={SITE_TITLE} />
          ) : (
            <>
              <VitrineMark />
              <span>{SITE_TITLE}</span>
            </>
          )}
        </Link>
        <LanguageSwitch />
      </header>
      <main className="public-layout__main">
        {/* A plain panel rather than antd's Card, whose tabs and skeleton would weigh on the login page. */}
        <section className="public-layout__card" aria-labelledby="public-layout-title">
          <h1 id="public-layout-title" className="public-layout__title">
            {title}
          </h1>
          <div className="public-layout__body">{children}</div>
        </section>
      </main>
      <footer className="public-layout__footer">
        <Link to="/terms">{t('public.terms')}</Link>
        <Link to="/policy">{t('public.policy')}</Link>
        {/* The host's support contacts (system properties support_url and support_email). */}
        {HOST_BRAND?.support_url ? (
          <a href={HOST_BRAND.support_url} target="_blank" rel="noreferrer">
            {t('public.support')}
          </a>
        ) : null}
        {HOST_BRAND?.support_email ? (
          <a href={`mailto:${HOST_BRAND.support_email}`} dir="ltr">
            {HOST_BRAND.support_email}
          </a>
        ) : null}
      </footer>
    </div>
  );
}

/** The line that opens a public page's card, in the secondary text colour. */
export function PublicSubtitle({ children }: { children: ReactNode }) {
  return <p className="public-layout__subtitle">{children}</p>;
}
