import { useTranslation } from 'react-i18next';
import { EndDrawer } from '../../../components/EndDrawer';
import type { StartupOwner } from '../api';
import { StartupMediaPanel } from './StartupMediaPanel';

type Props = { open: boolean; owner: StartupOwner; editable: boolean; onClose: () => void };

/** The startup video and logo in a drawer (the company's, from the device list). */
export function StartupDrawer({ open, owner, editable, onClose }: Props) {
  const { t } = useTranslation('startup');
  return (
    <EndDrawer open={open} onClose={onClose} title={t('drawerTitle')} destroyOnHidden>
      <StartupMediaPanel owner={owner} editable={editable} />
    </EndDrawer>
  );
}
