import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGE_LABEL, type Language } from '@vitrine/contract';
import { Button } from 'antd';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../lib/http';
import { setLanguage, useLanguage } from '../lib/i18n';
import { getSession, updateUser } from '../lib/session';

// The menu (Dropdown, Menu) is not part of the login page's download: it loads on first use.
const LanguageMenu = lazy(() =>
  import('./LanguageMenu').then((module) => ({ default: module.LanguageMenu })),
);

/**
 * Set while a choice is applied. The page may be drawn anew in the new language (its texts load,
 * the layout turns right to left), and with it this switch: the switch drawn in the new language
 * takes the focus back, not the page.
 */
let focusAfterChoice: Language | null = null;

/** Puts the focus on the switch's button once the frame is drawn. */
const focusButton = (holder: RefObject<HTMLSpanElement | null>) =>
  requestAnimationFrame(() => holder.current?.querySelector('button')?.focus());

/** The nine languages, each in its own name. Signed in, the choice is also saved for mails. */
export function LanguageSwitch({ compact = false, color }: { compact?: boolean; color?: string }) {
  const { language } = useLanguage();
  const { t } = useTranslation();
  const [used, setUsed] = useState(false);
  const holder = useRef<HTMLSpanElement>(null);
  // After the list closes (its button was drawn again when the list loaded, and the page may
  // have turned right to left), the focus goes back to the button, not to the page.
  const refocus = () => focusButton(holder);
  useEffect(() => {
    if (focusAfterChoice !== language) return;
    focusAfterChoice = null;
    focusButton(holder);
  }, [language]);

  async function choose(next: Language) {
    if (next === language) return;
    focusAfterChoice = next;
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
  return (
    <span ref={holder} className="language-switch">
      {used ? (
        <Suspense fallback={button}>
          <LanguageMenu language={language} onChoose={(next) => void choose(next)} onClose={refocus}>
            {button}
          </LanguageMenu>
        </Suspense>
      ) : (
        button
      )}
    </span>
  );
}
