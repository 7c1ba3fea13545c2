import { useTranslation } from 'react-i18next';
import {
  contentPortrait,
  type DeviceChoice,
  type Draft,
  draftPortrait,
  formatFits,
  type ItemChoice,
  isPortraitDevice,
  isProgramType,
  orientationFits,
  type ProgramChoice,
} from './draft';

/**
 * Why a pick cannot join the draft, in the server's words (contract schedule.* messages, which
 * name the device): a device whose orientation differs from the content's (spec 001 §4), or one
 * that cannot play a chosen item's format (spec 001 §8: the selection is cancelled). Null: fine.
 */
export function useRefusals(draft: Pick<Draft, 'type' | 'devices' | 'items' | 'program'>) {
  const { t } = useTranslation('contract');
  const orientation = (device: DeviceChoice) => t('schedule.orientation', { name: device.name });
  const incompatible = (device: DeviceChoice) => t('schedule.incompatible', { name: device.name });
  const items = isProgramType(draft.type) ? [] : draft.items;
  return {
    device(device: DeviceChoice): string | null {
      if (!orientationFits(device.orientation, draftPortrait(draft))) return orientation(device);
      if (items.some((item) => !formatFits(device, item))) return incompatible(device);
      return null;
    },
    item(item: Pick<ItemChoice, 'width' | 'height' | 'type' | 'mime'>): string | null {
      const shape = contentPortrait(item);
      const wrong = draft.devices.find((device) => !orientationFits(device.orientation, shape));
      if (wrong) return orientation(wrong);
      const unfit = draft.devices.find((device) => !formatFits(device, item));
      return unfit ? incompatible(unfit) : null;
    },
    program(program: Pick<ProgramChoice, 'orientation'>): string | null {
      const portrait = isPortraitDevice(program.orientation);
      const wrong = draft.devices.find((device) => isPortraitDevice(device.orientation) !== portrait);
      return wrong ? orientation(wrong) : null;
    },
  };
}
