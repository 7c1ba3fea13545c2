import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useLayoutMode } from '../../../lib/layout-mode';
import type { ListPatch } from '../../../lib/list-params';
import type { Period } from '../period';
import { ChoiceSelect, PeriodFilter } from './StatisticsFilters';
import '../statistics.css';

export type LogChoice = 'device' | 'content' | 'schedule';

const capitalized = (word: string) => word[0].toUpperCase() + word.slice(1);

/**
 * A log page's toolbar: whatever comes first (a search), one choice per kind and the period,
 * each kept in the address.
 */
export function LogFilters({
  idPrefix,
  choices,
  filters,
  period,
  update,
  children,
}: {
  idPrefix: string;
  choices: readonly LogChoice[];
  filters: Partial<Record<`${LogChoice}_id`, number>>;
  period: Period;
  update: (patch: ListPatch) => void;
  children?: ReactNode;
}) {
  const { mobile } = useLayoutMode();
  return (
    <Flex wrap gap="small" align="center" className="statistics-toolbar">
      {children}
      {choices.map((kind) => (
        <ChoiceSelect
          key={kind}
          id={`${idPrefix}${capitalized(kind)}`}
          kind={kind}
          value={filters[`${kind}_id`]}
          onChange={(value) => update({ [`${kind}_id`]: value })}
          width={mobile ? '100%' : 200}
        />
      ))}
      <PeriodFilter
        id={`${idPrefix}Period`}
        value={period.kind === 'days' ? { days: period.days } : period}
        onChange={(value) =>
          update({ days: value.days ?? null, from: value.from ?? null, to: value.to ?? null })
        }
      />
    </Flex>
  );
}
