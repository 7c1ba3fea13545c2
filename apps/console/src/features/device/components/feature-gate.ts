import { type DeviceFeature, type DeviceItem, supportsFeature } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';

// The console's side of the contract's DEVICE_FEATURES (docs/device-features.md): what a device's
// player version lacks is greyed out with the message the server refuses it with.

type Versioned = Pick<DeviceItem, 'system_version'>;

/**
 * Why these devices cannot do a feature: the spec's message ("Old device versions do not support
 * some features") when one's player version lacks it, else null.
 */
export function useUnsupported() {
  const { t } = useTranslation('contract');
  return (devices: readonly Versioned[], feature: DeviceFeature): string | null =>
    devices.every((device) => supportsFeature(device.system_version, feature))
      ? null
      : t('device.oldVersion');
}

/** A feature's name as the device pages write its control. */
export function useFeatureLabel() {
  const { t } = useTranslation('device');
  return (feature: DeviceFeature) => {
    if (feature === 'timers') return t('field.timer');
    if (feature === 'lock') return t('field.lock');
    return t(`command.${feature}`);
  };
}
