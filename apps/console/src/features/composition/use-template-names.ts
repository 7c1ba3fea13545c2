import type { CompositionTemplateItem } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';

/**
 * Shipped templates are named in the page's language by their key, and so are their zones (by the
 * English name the migration gave them); a company's own templates keep the names they were given.
 */
export function useTemplateNames() {
  const { t } = useTranslation('composition');
  return {
    templateName: (template: Pick<CompositionTemplateItem, 'key' | 'name'>) =>
      template.key ? t(`template.key.${template.key}`, { defaultValue: template.name }) : template.name,
    zoneName: (template: Pick<CompositionTemplateItem, 'key'>, name: string) =>
      template.key ? t(`template.zone.${name}`, { defaultValue: name }) : name,
  };
}
