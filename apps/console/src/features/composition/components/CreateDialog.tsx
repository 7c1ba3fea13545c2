import {
  CANVAS_ORIENTATIONS,
  CANVAS_SIDE_MAX,
  CANVAS_SIDE_MIN,
  type CanvasOrientation,
  COMPOSITION_DEFAULT_CANVAS,
  orientationFits,
  resolutionsFor,
} from '@vitrine/contract';
import { Alert, Flex, Form, Modal, Segmented, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutMode } from '../../../lib/layout-mode';
import { useTemplateList } from '../api';
import type { NewComposition } from '../editor-address';
import { TemplateCard } from './TemplateCard';
import { CommitNumber } from './ZonePanel';

type Props = { open: boolean; onClose: () => void; onCreate: (chosen: NewComposition) => void };

const sizeKey = (size: { width: number; height: number }) => `${size.width}x${size.height}`;

/** "New composition": a blank canvas of a resolution and orientation, or a template's layout. */
export function CreateDialog({ open, onClose, onCreate }: Props) {
  const { t } = useTranslation('composition');
  const { mobile } = useLayoutMode();
  const [start, setStart] = useState<'blank' | 'template'>('blank');
  const [orientation, setOrientation] = useState<CanvasOrientation>(0);
  const [size, setSize] = useState(COMPOSITION_DEFAULT_CANVAS);
  const [custom, setCustom] = useState(false);
  const [template, setTemplate] = useState<number | null>(null);
  const templates = useTemplateList();
  const common = resolutionsFor(orientation);
  const fits = orientationFits(size, orientation);

  const turn = (next: CanvasOrientation) => {
    setOrientation(next);
    // A landscape size becomes its portrait twin, and back.
    if (!orientationFits(size, next)) setSize({ width: size.height, height: size.width });
  };
  const create = () => {
    const chosen: NewComposition | null =
      start === 'template'
        ? template === null
          ? null
          : { template }
        : fits
          ? { ...size, orientation }
          : null;
    if (chosen) onCreate(chosen);
  };

  return (
    <Modal
      open={open}
      title={t('create.title')}
      okText={t('create.start')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: start === 'template' ? template === null : !fits, id: 'composition-create' }}
      onOk={create}
      onCancel={onClose}
      width={mobile ? '100%' : 760}
      destroyOnHidden
    >
      <Segmented
        block
        value={start}
        onChange={setStart}
        options={[
          { value: 'blank', label: t('create.blank') },
          { value: 'template', label: t('create.fromTemplate') },
        ]}
        style={{ marginBottom: 16 }}
      />
      {start === 'blank' ? (
        <Form layout="vertical" component="div">
          <Form.Item label={t('field.orientation')}>
            <Segmented
              block
              value={orientation}
              onChange={(value) => turn(value as CanvasOrientation)}
              options={CANVAS_ORIENTATIONS.map((value) => ({ value, label: t(`orientation.${value}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('field.resolution')} htmlFor="create-resolution">
            <Select
              id="create-resolution"
              value={custom ? 'custom' : sizeKey(size)}
              options={[
                ...common.map((option) => ({
                  value: sizeKey(option),
                  label: `${option.width} × ${option.height}`,
                })),
                { value: 'custom', label: t('create.custom') },
              ]}
              onChange={(value: string) => {
                const option = common.find((candidate) => sizeKey(candidate) === value);
                setCustom(!option);
                if (option) setSize(option);
              }}
            />
          </Form.Item>
          {custom ? (
            <Flex gap="small">
              {(['width', 'height'] as const).map((side) => (
                <Form.Item
                  key={side}
                  label={t(`field.${side}`)}
                  htmlFor={`create-${side}`}
                  style={{ flex: 1 }}
                >
                  <CommitNumber
                    id={`create-${side}`}
                    value={size[side]}
                    min={CANVAS_SIDE_MIN}
                    max={CANVAS_SIDE_MAX}
                    suffix="px"
                    onCommit={(value) => setSize({ ...size, [side]: value ?? CANVAS_SIDE_MIN })}
                  />
                </Form.Item>
              ))}
            </Flex>
          ) : null}
          {fits ? null : <Alert type="warning" showIcon title={t('create.orientationMismatch')} />}
        </Form>
      ) : (
        <Spin spinning={templates.isFetching}>
          <div className="composition-cards" role="radiogroup" aria-label={t('create.fromTemplate')}>
            {(templates.data?.list ?? []).map((item) => (
              <TemplateCard
                key={item.id}
                template={item}
                selected={template === item.id}
                onSelect={() => setTemplate(item.id)}
              />
            ))}
          </div>
        </Spin>
      )}
    </Modal>
  );
}
