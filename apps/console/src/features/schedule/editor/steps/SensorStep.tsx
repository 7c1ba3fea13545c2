import {
  SCHEDULE_SENSOR_LIMIT,
  SENSOR_SECONDS_MAX,
  SENSOR_SECONDS_MIN,
  type SensorItem,
} from '@vitrine/contract';
import { Flex, Form, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../../components/NumberInput';
import { leftToRight } from '../../../../lib/bidi';
import { useSensorList } from '../../../sensor/api';
import { SensorTypeIcon } from '../../../sensor/ui';
import type { SensorChoice } from '../draft';
import { ChosenTags, PickBar, PickTable, usePickSearch } from '../PickParts';

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
  const search = usePickSearch();
  const list = useSensorList({ ...search.query, sort: 'name,asc' });
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
      <PickBar
        id="scheduleSensorSearch"
        search={search}
        placeholder={t('sensor.search')}
        count={t('sensor.selected', { count: sensors.length })}
      />
      <PickTable<SensorItem>
        rowKey="id"
        columns={columns}
        list={list}
        search={search}
        chosen={chosen}
        onPick={pick}
        tick={(row) => ({
          'aria-label': t('sensor.pick', { name: row.name }),
          disabled: !chosen.has(row.id) && sensors.length >= SCHEDULE_SENSOR_LIMIT,
        })}
        emptyText={t('sensor.empty')}
      />
      <ChosenTags
        label={t('sensor.chosen')}
        chosen={sensors.map((tag) => ({ key: tag.id, name: tag.name }))}
        onRemove={(key) => onChange({ sensors: sensors.filter((tag) => tag.id !== key) })}
      />
    </div>
  );
}
