import {
  VIDEO_WALL_MAX_SIDE,
  VIDEO_WALL_MM_LIMIT,
  VIDEO_WALL_ORIENTATIONS,
  type VideoWallItem,
  type VideoWallOrientation,
  type VideoWallRequest,
  videoWallRequestSchema,
} from '@vitrine/contract';
import { Button, Card, Flex, Form, Input, Segmented, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { NumberInput } from '../../../components/NumberInput';
import { PageHeader } from '../../../components/PageHeader';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permissions';
import { useSaveWall, useWall, useWallDevices } from '../api';
import { type Cells, cellList, placeKey, within } from '../cells';
import { deviceLabel, WallGrid } from '../components/WallGrid';
import { WallPreview } from '../components/WallPreview';
import { WALL_LIST_PATH, wallPath } from '../paths';
import '../video-wall.css';

type Measures = {
  name: string;
  rows: number;
  columns: number;
  orientation: VideoWallOrientation;
  screen_width_mm: number;
  screen_height_mm: number;
  bezel_top_mm: number;
  bezel_right_mm: number;
  bezel_bottom_mm: number;
  bezel_left_mm: number;
};

/** A new wall: 2 × 2 landscape 55″ screens with thin bezels. */
const NEW_WALL: Measures = {
  name: '',
  rows: 2,
  columns: 2,
  orientation: 'landscape',
  screen_width_mm: 1210,
  screen_height_mm: 680,
  bezel_top_mm: 2,
  bezel_right_mm: 2,
  bezel_bottom_mm: 2,
  bezel_left_mm: 2,
};

const FORM_ID = 'videoWallForm';
const shape = videoWallRequestSchema.shape;
const MEASURES = ['screen_width_mm', 'screen_height_mm'] as const;
const BEZELS = ['bezel_top_mm', 'bezel_right_mm', 'bezel_bottom_mm', 'bezel_left_mm'] as const;

const measuresOf = (wall: VideoWallItem): Measures => ({
  name: wall.name,
  rows: wall.rows,
  columns: wall.columns,
  orientation: wall.orientation,
  screen_width_mm: wall.screen_width_mm,
  screen_height_mm: wall.screen_height_mm,
  bezel_top_mm: wall.bezel_top_mm,
  bezel_right_mm: wall.bezel_right_mm,
  bezel_bottom_mm: wall.bezel_bottom_mm,
  bezel_left_mm: wall.bezel_left_mm,
});

const cellsOf = (wall: VideoWallItem | undefined): Cells =>
  new Map((wall?.cells ?? []).map((cell) => [placeKey(cell), cell.device_id]));

/** /device/video-wall/:wall_id: a wall's grid, measures and screens, with its preview (0: a new wall). */
export function VideoWallEditorPage() {
  const id = Number(useParams().wall_id ?? 0) || 0;
  const wall = useWall(id);
  if (id > 0 && !wall.data) {
    return wall.error ? <ErrorAlert error={wall.error} /> : <Skeleton active />;
  }
  return <WallEditor key={id} wall={wall.data} />;
}

function WallEditor({ wall }: { wall: VideoWallItem | undefined }) {
  const { t } = useTranslation(['video-wall', 'common']);
  const navigate = useNavigate();
  const rules = useRules();
  const save = useSaveWall();
  const canSave = usePermission('device:videowall:add');
  const [form] = Form.useForm<Measures>();
  const initial = wall ? measuresOf(wall) : NEW_WALL;
  const watched = (Form.useWatch([], form) as Partial<Measures> | undefined) ?? initial;
  const [cells, setCells] = useState<Cells>(() => cellsOf(wall));
  const devices = useWallDevices(wall?.group_id);
  const rows = Math.min(Math.max(Math.trunc(watched.rows ?? 1) || 1, 1), VIDEO_WALL_MAX_SIDE);
  const columns = Math.min(Math.max(Math.trunc(watched.columns ?? 1) || 1, 1), VIDEO_WALL_MAX_SIDE);
  const shown = useMemo(() => within(cells, rows, columns), [cells, rows, columns]);
  const labels = useMemo(() => {
    const names = new Map<string, string>();
    for (const [key, deviceId] of shown) {
      const device = devices.data?.find((candidate) => candidate.device_id === deviceId);
      if (device) names.set(key, deviceLabel(device));
    }
    return names;
  }, [shown, devices.data]);

  const submit = (values: Measures) => {
    const body: VideoWallRequest = { ...values, name: values.name.trim(), cells: cellList(shown) };
    save.mutate(
      { id: wall?.id, body },
      {
        onSuccess: (saved) => {
          notify({ type: 'success', title: t('saved') });
          if (!wall) navigate(wallPath(saved.id), { replace: true });
        },
      },
    );
  };

  const mm = (name: (typeof MEASURES)[number] | (typeof BEZELS)[number]) => (
    <Form.Item key={name} name={name} label={t(`field.${name}`)} rules={[rules.zod(shape[name])]}>
      <NumberInput min={0} max={VIDEO_WALL_MM_LIMIT - 1} suffix={t('mm')} />
    </Form.Item>
  );

  return (
    <>
      <PageHeader
        title={wall ? wall.name : t('new')}
        extra={
          <Flex gap="small">
            <Button onClick={() => navigate(WALL_LIST_PATH)}>{t('common:cancel')}</Button>
            {canSave ? (
              <Button type="primary" htmlType="submit" form={FORM_ID} loading={save.isPending}>
                {t('save')}
              </Button>
            ) : null}
          </Flex>
        }
      />
      <ErrorAlert error={save.error} />
      <Form<Measures> id={FORM_ID} form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <Card title={t('section.wall')} style={{ marginBottom: 16 }}>
          <Form.Item name="name" label={t('field.name')} rules={[rules.zod(shape.name)]}>
            <Input autoComplete="off" dir="auto" />
          </Form.Item>
          <div className="video-wall-measures">
            <Form.Item
              name="rows"
              label={t('field.rows')}
              extra={t('help.side')}
              rules={[rules.zod(shape.rows)]}
            >
              <NumberInput min={1} max={VIDEO_WALL_MAX_SIDE} />
            </Form.Item>
            <Form.Item
              name="columns"
              label={t('field.columns')}
              extra={t('help.side')}
              rules={[rules.zod(shape.columns)]}
            >
              <NumberInput min={1} max={VIDEO_WALL_MAX_SIDE} />
            </Form.Item>
          </div>
          <Form.Item name="orientation" label={t('field.orientation')}>
            <Segmented
              options={VIDEO_WALL_ORIENTATIONS.map((value) => ({ value, label: t(`orientation.${value}`) }))}
            />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('help.measures')}</Typography.Paragraph>
          <div className="video-wall-measures">{MEASURES.map(mm)}</div>
          <div className="video-wall-measures">{BEZELS.map(mm)}</div>
        </Card>
      </Form>
      <Card title={t('section.screens')} style={{ marginBottom: 16 }}>
        {devices.error ? <ErrorAlert error={devices.error} /> : null}
        <WallGrid
          rows={rows}
          columns={columns}
          cells={shown}
          onChange={setCells}
          devices={devices.data ?? []}
          wallId={wall?.id ?? 0}
        />
      </Card>
      <Card title={t('section.preview')}>
        <Typography.Paragraph type="secondary">{t('preview.help')}</Typography.Paragraph>
        <WallPreview screen={{ ...watched, rows, columns }} labels={labels} />
      </Card>
    </>
  );
}
