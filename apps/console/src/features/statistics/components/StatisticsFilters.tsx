import { RECENT_PERIOD_DAYS, type StatisticsChoiceKind } from '@vitrine/contract';
import { DatePicker, Flex, Segmented, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutMode } from '../../../lib/layout-mode';
import { useStatisticsChoices } from '../api';
import { type Period, periodOf } from '../period';

/** A device, content or schedule chosen by name from the caller's scope (searched on the server). */
export function ChoiceSelect({
  kind,
  value,
  onChange,
  width,
  id,
}: {
  kind: StatisticsChoiceKind;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  width: number | string;
  id?: string;
}) {
  const { t } = useTranslation('statistics');
  const [keyword, setKeyword] = useState('');
  const choices = useStatisticsChoices(kind, keyword, value);
  const label = t(`filter.${kind}`);
  return (
    <Select<number>
      id={id}
      aria-label={label}
      placeholder={label}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      onChange={(next) => {
        setKeyword('');
        onChange(next ?? undefined);
      }}
      loading={choices.isFetching}
      notFoundContent={choices.isFetching ? t('filter.loading') : t('filter.noMatch')}
      options={(choices.data ?? []).map((choice) => ({ value: choice.id, label: choice.name }))}
      style={{ width }}
    />
  );
}

/** The period as the pages keep it: the last 7, 14 or 30 days, or local dates from..to. */
export type PeriodValue = { days?: number; from?: string; to?: string };

const DAY = 'YYYY-MM-DD';

/** Recent days or a date range; choosing "range" shows the two dates. */
export function PeriodFilter({
  value,
  onChange,
  id,
}: {
  value: PeriodValue;
  onChange: (value: PeriodValue) => void;
  id?: string;
}) {
  const { t } = useTranslation('statistics');
  const { mobile } = useLayoutMode();
  const period: Period = periodOf(value);
  const [ranging, setRanging] = useState(period.kind === 'range');
  const choice = ranging || period.kind === 'range' ? 'range' : String(period.days);
  const range: [Dayjs, Dayjs] | null =
    period.kind === 'range' && period.from && period.to ? [dayjs(period.from), dayjs(period.to)] : null;
  // The phone's two dates, kept until both are chosen.
  const [dates, setDates] = useState<[Dayjs | null, Dayjs | null]>(range ?? [null, null]);
  const rangeOf = (first: Dayjs, second: Dayjs): PeriodValue => {
    const [from, to] = first.isAfter(second) ? [second, first] : [first, second];
    return { from: from.format(DAY), to: to.format(DAY) };
  };
  const pick = (next: string) => {
    if (next === 'range') {
      setRanging(true);
      return;
    }
    setRanging(false);
    onChange({ days: Number(next) });
  };
  const options = [
    ...RECENT_PERIOD_DAYS.map((days) => ({ value: String(days), label: t('filter.days', { days }) })),
    { value: 'range', label: t('filter.range') },
  ];
  return (
    <Flex wrap gap="small" align="center" style={mobile ? { flexBasis: '100%' } : undefined}>
      {mobile ? (
        // A phone has no room for four segments: the same choices in a select.
        <Select<string>
          id={id}
          aria-label={t('filter.period')}
          value={choice}
          onChange={pick}
          options={options}
          style={{ width: '100%' }}
        />
      ) : (
        <Segmented<string>
          id={id}
          aria-label={t('filter.period')}
          value={choice}
          onChange={pick}
          options={options}
        />
      )}
      {choice === 'range' && mobile ? (
        // A phone has no room for two months side by side: one date at a time.
        <Flex gap="small" style={{ width: '100%' }}>
          {([0, 1] as const).map((end) => (
            <DatePicker
              key={end}
              aria-label={t(end === 0 ? 'filter.from' : 'filter.to')}
              placeholder={t(end === 0 ? 'filter.from' : 'filter.to')}
              value={dates[end]}
              allowClear={false}
              disabledDate={(day) => day.isAfter(dayjs(), 'day')}
              onChange={(day) => {
                const next: [Dayjs | null, Dayjs | null] = end === 0 ? [day, dates[1]] : [dates[0], day];
                setDates(next);
                if (next[0] && next[1]) onChange(rangeOf(next[0], next[1]));
              }}
              style={{ flex: 1, minWidth: 0 }}
            />
          ))}
        </Flex>
      ) : choice === 'range' ? (
        <DatePicker.RangePicker
          aria-label={t('filter.range')}
          value={range}
          allowClear={false}
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          onChange={(picked) => {
            if (picked?.[0] && picked[1]) onChange(rangeOf(picked[0], picked[1]));
          }}
        />
      ) : null}
    </Flex>
  );
}
