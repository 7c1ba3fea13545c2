import { UploadOutlined } from '@ant-design/icons';
import { BRAND_IMAGE_TYPES, brandImageProblem, SENSOR_TYPES, type SensorType } from '@vitrine/contract';
import { Button, List, Modal, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FileChooser } from '../../../components/FileChooser';
import { readAsDataUrl } from '../../../lib/files';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permissions';
import { useDeleteSensorIcon, useSaveSensorIcon, useSensorIcons } from '../api';
import { SensorTypeIcon } from './SensorTypeIcon';

type Props = { open: boolean; onClose: () => void };

/** The company's icon of each sensor type: an image of its own, or back to the built-in one. */
export function SensorIconsDialog({ open, onClose }: Props) {
  const { t } = useTranslation('sensor');
  const icons = useSensorIcons();
  const save = useSaveSensorIcon();
  const remove = useDeleteSensorIcon();
  const canSet = usePermission('device:sensor:add');
  const canRemove = usePermission('device:sensor:del');
  const chooser = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<SensorType | null>(null);
  const [error, setError] = useState<unknown>(null);

  const choose = async ([file]: File[]) => {
    if (!file || !type) return;
    const image = await readAsDataUrl(file);
    // The server's checks (type by content, size) before the bytes travel.
    const problem = brandImageProblem(image);
    if (problem) {
      notify({ type: 'error', title: t(`contract:validation.objectImage.${problem}`) });
      return;
    }
    setError(null);
    save.mutate(
      { type, image },
      { onSuccess: () => notify({ type: 'success', title: t('icons.saved') }), onError: setError },
    );
  };

  const reset = (which: SensorType) => {
    setError(null);
    remove.mutate(which, {
      onSuccess: () => notify({ type: 'success', title: t('icons.reset') }),
      onError: setError,
    });
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('icons.title')} destroyOnHidden>
      <ErrorAlert error={error} />
      <List
        dataSource={[...SENSOR_TYPES]}
        renderItem={(which) => {
          const own = icons.data?.some((icon) => icon.type === which) ?? false;
          return (
            <List.Item
              actions={[
                canSet ? (
                  <Button
                    key="upload"
                    size="small"
                    icon={<UploadOutlined />}
                    loading={save.isPending && type === which}
                    aria-label={t('icons.uploadFor', { type: t(`type.${which}`) })}
                    onClick={() => {
                      setType(which);
                      chooser.current?.click();
                    }}
                  >
                    {t('icons.upload')}
                  </Button>
                ) : null,
                canRemove && own ? (
                  <Button
                    key="reset"
                    size="small"
                    disabled={remove.isPending}
                    aria-label={t('icons.resetFor', { type: t(`type.${which}`) })}
                    onClick={() => reset(which)}
                  >
                    {t('icons.useBuiltIn')}
                  </Button>
                ) : null,
              ]}
            >
              <Space size={12}>
                <SensorTypeIcon type={which} />
                {t(`type.${which}`)}
              </Space>
            </List.Item>
          );
        }}
      />
      <FileChooser
        ref={chooser}
        accept={BRAND_IMAGE_TYPES.join(',')}
        testId="sensor-icon-file"
        onFiles={choose}
      />
    </Modal>
  );
}
