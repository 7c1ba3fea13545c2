import type { ContentUse } from '@vitrine/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** An item and what uses it, as the delete dialogs list them. */
export type ItemUses = { id: number; name: string; uses: readonly ContentUse[] };

/** What uses the items about to be deleted, item by item, under `intro`. */
export function UsesList({ intro, inUse }: { intro: string; inUse: readonly ItemUses[] }) {
  const { t } = useTranslation('content');
  return (
    <>
      <Typography.Paragraph>{intro}</Typography.Paragraph>
      <ul className="content-uses">
        {inUse.map(({ id, name, uses }) => (
          <li key={id}>
            <Typography.Text strong>{name}</Typography.Text>
            <ul>
              {uses.map((use) => (
                <li key={`${use.kind}-${use.id}`}>
                  {t(`use.${use.kind}`, { defaultValue: use.kind })}: {use.name}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </>
  );
}
