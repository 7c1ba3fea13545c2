import {
  type DeviceModelItem,
  type DeviceModelRequest,
  deviceModelRequestSchema,
  MODEL_FEATURES,
  MODEL_MAX_SIDE,
  MODEL_MEDIA_TYPES,
  MODEL_ORIENTATIONS,
  type ModelOrientation,
  Orientation,
} from '@vitrine/contract';
import { Divider, Flex, Form, Input, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/NumberInput';
import { SaveDrawer } from '../../../components/SaveDrawer';
import { useRules } from '../../../lib/form-rules';
import { StartupMediaPanel } from '../../startup/ui';
import { useSaveDeviceModel } from '../api';
import { ORIENTATION_KEY } from './labels';

type Values = {
  name: string;
  vendor: string;
  width: number | null;
  height: number | null;
  orientation: ModelOrientation;
  media_types: NonNullable<DeviceModelRequest['media_types']>;
  features: NonNullable<DeviceModelRequest['features']>;
  player_name: string;
  player_version: string;
};

/** What the drawer edits: a model, or a new one (its name given when a device reported it). */
export type ModelDrawerTarget = { item: DeviceModelItem } | { name: string };

type Props = { target: ModelDrawerTarget | null; onClose: () => void };

const FORM_ID = 'deviceModelForm';
const shape = deviceModelRequestSchema.shape;

const initialOf = (target: ModelDrawerTarget): Values =>
  'item' in target
    ? {
        ...target.item,
        vendor: target.item.vendor ?? '',
        orientation: target.item.orientation as ModelOrientation,
        media_types: target.item.media_types as Values['media_types'],
        features: target.item.features as Values['features'],
        player_name: target.item.player_name ?? '',
        player_version: target.item.player_version ?? '',
      }
    : {
        name: target.name,
        vendor: '',
        width: 1920,
        height: 1080,
        orientation: Orientation.landscape,
        media_types: [],
        features: [],
        player_name: '',
        player_version: '',
      };

function ModelForm({ target, onSubmit }: { target: ModelDrawerTarget; onSubmit: (values: Values) => void }) {
  const { t } = useTranslation('deviceModel');
  const rules = useRules();
  return (
    <Form<Values> id={FORM_ID} layout="vertical" onFinish={onSubmit} initialValues={initialOf(target)}>
      <Form.Item name="name" label={t('field.name')} rules={[rules.zod(shape.name)]}>
        <Input autoComplete="off" dir="auto" maxLength={64} />
      </Form.Item>
      <Form.Item name="vendor" label={t('field.vendor')} rules={[rules.zod(shape.vendor)]}>
        <Input autoComplete="off" dir="auto" maxLength={64} />
      </Form.Item>
      <Flex gap="middle">
        <Form.Item name="width" label={t('field.width')} rules={[rules.zod(shape.width)]} style={{ flex: 1 }}>
          <NumberInput min={1} max={MODEL_MAX_SIDE} suffix="px" />
        </Form.Item>
        <Form.Item
          name="height"
          label={t('field.height')}
          rules={[rules.zod(shape.height)]}
          style={{ flex: 1 }}
        >
          <NumberInput min={1} max={MODEL_MAX_SIDE} suffix="px" />
        </Form.Item>
      </Flex>
      <Form.Item name="orientation" label={t('field.orientation')}>
        <Segmented
          block
          options={MODEL_ORIENTATIONS.map((value) => ({ value, label: t(ORIENTATION_KEY[value]) }))}
        />
      </Form.Item>
      <Form.Item name="media_types" label={t('field.mediaTypes')}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('placeholder.mediaTypes')}
          options={MODEL_MEDIA_TYPES.map((value) => ({ value, label: t(`mediaType.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="features" label={t('field.features')}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('placeholder.features')}
          options={MODEL_FEATURES.map((value) => ({ value, label: t(`feature.${value}`) }))}
        />
      </Form.Item>
      <Flex gap="middle">
        <Form.Item
          name="player_name"
          label={t('field.playerName')}
          rules={[rules.zod(shape.player_name)]}
          style={{ flex: 2 }}
        >
          <Input autoComplete="off" dir="auto" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="player_version"
          label={t('field.playerVersion')}
          rules={[rules.zod(shape.player_version)]}
          style={{ flex: 1 }}
        >
          <Input autoComplete="off" dir="ltr" maxLength={64} />
        </Form.Item>
      </Flex>
    </Form>
  );
}

/** Adds a model (prefilled with a name devices report) or edits one. */
export function ModelDrawer({ target, onClose }: Props) {
  const { t } = useTranslation(['deviceModel', 'startup']);
  const save = useSaveDeviceModel();
  const item = target && 'item' in target ? target.item : null;

  const toBody = (values: Values): DeviceModelRequest => ({
    ...values,
    width: values.width as number,
    height: values.height as number,
  });

  return (
    <SaveDrawer
      open={target !== null}
      onClose={onClose}
      title={t(item ? 'edit' : 'add')}
      formId={FORM_ID}
      save={save}
      savedText={t('saved')}
    >
      {(send) =>
        target ? (
          <>
            <ModelForm
              key={item?.id ?? 'new'}
              target={target}
              onSubmit={(values) => send({ id: item?.id, body: toBody(values) })}
            />
            {item ? (
              <>
                <Divider titlePlacement="start">{t('startup:modelSection')}</Divider>
                <StartupMediaPanel owner={{ modelId: item.id }} editable />
              </>
            ) : null}
          </>
        ) : null
      }
    </SaveDrawer>
  );
}
