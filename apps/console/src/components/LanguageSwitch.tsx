import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGE_LABEL, type Language } from '@vitrine/contract';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../lib/http';
import { setLanguage, useLanguage } from '../lib/i18n';
import { getSession, updateUser } from '../lib/session';

// The menu (Dropdown, Menu) is not part of the login page's download: it loads on first use.
const LanguageMenu = lazy(() =>
  import('./LanguageMenu').then((module) => ({ default: module.LanguageMenu })),
);

/** The nine languages, each in its own name. Signed in, the choice is also saved for mails. */
export function LanguageSwitch({ compact = false, color }: { compact?: boolean; color?: string }) {
  const { language } = useLanguage();
  const { t } = useTranslation();
  const [used, setUsed] = useState(false);

  async function choose(next: Language) {
    if (next === language) return;
    // Cached server texts follow by themselves (lib/query.tsx).
    await setLanguage(next);
    if (getSession().token) {
      http
        .post('/manager/sys/language', { language: next }, { silent: true })
        .then(() => updateUser({ language_len_id: next }))
        .catch(() => {});
    }
  }

  const button = (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('language.label')}
      aria-haspopup="menu"
      style={{ color }}
      onClick={() => setUsed(true)}
    >
      {compact ? null : LANGUAGE_LABEL[language]}
    </Button>
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu language={language} onChoose={(next) => void choose(next)}>
        {button}
      </LanguageMenu>
    </Suspense>
  );
}
