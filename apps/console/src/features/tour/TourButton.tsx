import { CompassOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { requestTourReset } from './guide';

/** The top bar's tour icon (roles owner, user, user admin): the tour from the start, at Home. */
export function TourButton({ color }: { color: string }) {
  // Without suspending the top bar while the tour's messages load.
  const { t } = useTranslation('tour', { useSuspense: false });
  const client = useQueryClient();
  const navigate = useNavigate();
  const restart = async () => {
    await requestTourReset(client);
    navigate('/home');
  };
  return (
    <Tooltip title={t('restart')}>
      <Button
        type="text"
        icon={<CompassOutlined />}
        aria-label={t('restart')}
        onClick={() => void restart()}
        style={{ color }}
      />
    </Tooltip>
  );
}
