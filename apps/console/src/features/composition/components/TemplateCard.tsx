import type { CompositionTemplateItem } from '@vitrine/contract';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTemplateNames } from '../use-template-names';
import { ZoneSketch } from './ZoneSketch';

type Props = {
  template: CompositionTemplateItem;
  /** Cards to choose from are radios; without onSelect the card only shows. */
  selected?: boolean;
  onSelect?: () => void;
  actions?: ReactNode[];
  /** Shown beside the name (shipped or own). */
  badge?: ReactNode;
};

/** A template to start from, as a card with its layout. */
export function TemplateCard({ template, selected, onSelect, actions, badge }: Props) {
  const { t } = useTranslation('composition');
  const { templateName } = useTemplateNames();
  const name = templateName(template);
  return (
    <Card
      size="small"
      hoverable={onSelect !== undefined}
      onClick={onSelect}
      className={selected ? 'composition-card--selected' : undefined}
      style={
        selected
          ? {
              borderColor: 'var(--ant-color-primary)',
              boxShadow: '0 0 0 2px var(--ant-color-primary-border)',
            }
          : undefined
      }
      cover={
        <div className="composition-card__sketch">
          <ZoneSketch layout={template} labelled label={t('sketch', { name })} />
        </div>
      }
      actions={actions}
      role={onSelect ? 'radio' : undefined}
      aria-checked={onSelect ? selected === true : undefined}
      aria-label={onSelect ? name : undefined}
    >
      <Card.Meta
        title={
          <span className="composition-card__title">
            <span dir="auto" className="composition-card__name" title={name}>
              {name}
            </span>
            {badge}
          </span>
        }
        description={`${template.width} × ${template.height} · ${t(`orientation.${template.orientation}`)}`}
      />
    </Card>
  );
}
