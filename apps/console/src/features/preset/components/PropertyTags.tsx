import type { PresetProperties } from '@vitrine/contract';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { leftToRight } from '../../../lib/bidi';

/** What a preset sets, one tag a property, with its value where it has a short one. */
export function PropertyTags({ properties }: { properties: PresetProperties }) {
  const { t } = useTranslation(['preset', 'device']);
  const tags: string[] = [];
  if (properties.brightness !== null) {
    tags.push(`${t('property.brightness')} ${leftToRight(`${properties.brightness}%`)}`);
  }
  if (properties.sound) {
    tags.push(
      properties.sound.mute
        ? t('device:command.mute')
        : properties.sound.volume === null
          ? t('unmute')
          : `${t('device:command.volume')} ${leftToRight(`${properties.sound.volume}%`)}`,
    );
  }
  if (properties.orientation !== null) tags.push(t(`device:orientation.${properties.orientation}`));
  if (properties.timezone !== null)
    tags.push(`${t('property.timezone')} ${leftToRight(properties.timezone)}`);
  if (properties.screenshot_interval !== null) {
    tags.push(
      properties.screenshot_interval === 0
        ? t('captureOff')
        : t('captureEvery', { count: properties.screenshot_interval }),
    );
  }
  if (properties.timers) tags.push(t('property.timers'));
  if (properties.default_program)
    tags.push(`${t('property.default_program')}: ${properties.default_program.name}`);
  if (properties.lock) tags.push(t(properties.lock.locked ? 'lockOn' : 'lockOff'));
  return (
    <Space size={4} wrap>
      {tags.map((tag) => (
        <Tag key={tag}>
          <bdi>{tag}</bdi>
        </Tag>
      ))}
    </Space>
  );
}
