import { LANGUAGE_LABEL, LANGUAGES, type Language } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { i18n, setLanguage, useLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSavePreference } from '../../account/api';
import { MobileList } from './MobileList';
import './mobile.css';

/** /setting/set-language: the nine languages, the current one marked; a tap saves it and switches. */
export function MobileLanguagePage() {
  const { t } = useTranslation(['setting-mobile', 'common']);
  const { language } = useLanguage();
  const save = useSavePreference('language');
  const pending = save.isPending ? save.variables : null;

  const choose = (next: Language) => {
    if (next === language || save.isPending) return;
    save.mutate(next, {
      // The notice speaks the new language (this render's `t` still speaks the old one).
      onSuccess: async () => {
        await setLanguage(next);
        notify({ type: 'success', title: i18n.t('setting-mobile:language.saved') });
      },
    });
  };

  return (
    <div className="mobile-page">
      <MobileList
        label={t('common:route.mobileLanguage')}
        rows={LANGUAGES.map((value) => ({
          key: value,
          lang: value,
          title: LANGUAGE_LABEL[value],
          selected: value === language,
          pending: value === pending,
          onClick: () => choose(value),
        }))}
      />
    </div>
  );
}
