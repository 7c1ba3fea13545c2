import {
  SCHEDULE_SENSOR_LIMIT,
  SENSOR_SECONDS_MAX,
  SENSOR_SECONDS_MIN,
  type SensorItem,
} from '@vitrine/contract';
import { Flex, Form, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeywordSearch } from '../../../../components/KeywordSearch';
import { NumberInput } from '../../../../components/NumberInput';
import { leftToRight } from '../../../../lib/bidi';
import { pagerTotal } from '../../../../lib/pager-total';
import { useSensorList } from '../../../sensor/api';
import { SensorTypeIcon } from '../../../sensor/ui';
import type { SensorChoice } from '../draft';

const PAGE_SIZE = 10;

type Props = {
  sensors: SensorChoice[];
  seconds: number;
  onChange: (patch: { sensors?: SensorChoice[]; seconds?: number }) => void;
};

/**
 * A sensor schedule's trigger: the workspace's tags (sensors) that start it, searched and paged,
 * what is ticked staying ticked across pages, and how many seconds it interrupts for.
 */
export function SensorStep({ sensors, seconds, onChange }: Props) {
  const { t } = useTranslation(['schedule-editor', 'sensor', 'contract']);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const list = useSensorList({ keyword: keyword || undefined, page, page_size: PAGE_SIZE, sort: 'name,asc' });
  const chosen = new Set(sensors.map((tag) => tag.id));

  const pick = (rows: readonly SensorItem[], selected: boolean) => {
    if (!selected) {
      const out = new Set(rows.map((row) => row.id));
      onChange({ sensors: sensors.filter((tag) => !out.has(tag.id)) });
      return;
    }
    const added = rows
      .filter((row) => !chosen.has(row.id))
      .map((row) => ({ id: row.id, sensor_id: row.sensor_id, name: row.name }));
    onChange({ sensors: [...sensors, ...added].slice(0, SCHEDULE_SENSOR_LIMIT) });
  };

  const columns: TableColumnsType<SensorItem> = [
    {
      key: 'name',
      title: t('sensor:field.name'),
      render: (_value, row) => (
        <Flex gap="small" align="center">
          <SensorTypeIcon type={row.type} />
          <Flex vertical>
            <Typography.Text strong dir="auto">
              {row.name}
            </Typography.Text>
            <Typography.Text type="secondary">
              <code>{leftToRight(row.sensor_id)}</code>
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    { key: 'type', title: t('sensor:field.type'), render: (_value, row) => t(`sensor:type.${row.type}`) },
  ];

  return (
    <div id="scheduleSensors" className="schedule-step">
      <Flex wrap gap="large" align="flex-start">
        <Form.Item
          label={t('sensor.seconds')}
          layout="vertical"
          extra={t('sensor.secondsHelp')}
          className="schedule-step__field"
        >
          <NumberInput
            id="sensorSeconds"
            aria-label={t('sensor.seconds')}
            min={SENSOR_SECONDS_MIN}
            max={SENSOR_SECONDS_MAX}
            width={160}
            value={seconds}
            onChange={(value) => onChange({ seconds: value ?? 0 })}
          />
        </Form.Item>
      </Flex>
      <Flex wrap gap="small" justify="space-between" align="center" className="schedule-step__bar">
        <KeywordSearch
          id="scheduleSensorSearch"
          keyword={keyword || undefined}
          placeholder={t('sensor.search')}
          width={280}
          onSearch={(next) => {
            setKeyword(next);
            setPage(1);
          }}
        />
        <Typography.Text type="secondary">{t('sensor.selected', { count: sensors.length })}</Typography.Text>
      </Flex>
      <Table<SensorItem>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('sensor.empty') }}
        rowSelection={{
          selectedRowKeys: [...chosen],
          preserveSelectedRowKeys: true,
          onSelect: (row, selected) => pick([row], selected),
          onSelectAll: (selected, _rows, changed) => pick(changed, selected),
          getCheckboxProps: (row) => ({
            'aria-label': t('sensor.pick', { name: row.name }),
            disabled: !chosen.has(row.id) && sensors.length >= SCHEDULE_SENSOR_LIMIT,
          }),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: pagerTotal(list.data, page, PAGE_SIZE),
          showSizeChanger: false,
          onChange: setPage,
          size: 'small',
        }}
      />
      {sensors.length > 0 ? (
        <Flex wrap gap={4} className="schedule-step__chosen" aria-label={t('sensor.chosen')}>
          {sensors.map((tag) => (
            <Tag
              key={tag.id}
              closable
              onClose={() => onChange({ sensors: sensors.filter((other) => other.id !== tag.id) })}
            >
              <bdi>{tag.name}</bdi>
            </Tag>
          ))}
        </Flex>
      ) : null}
    </div>
  );
}
