import { DesktopOutlined, HolderOutlined } from '@ant-design/icons';
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import type { VideoWallDevice } from '@vitrine/contract';
import { Badge, Select, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Cells, type Place, place, placeKey } from '../cells';

type Props = {
  rows: number;
  columns: number;
  cells: Cells;
  onChange: (cells: Map<string, number>) => void;
  /** The paired screens of the wall's workspace. */
  devices: readonly VideoWallDevice[];
  /** The wall being edited (0: a new one): its own screens are free to move. */
  wallId: number;
};

/** A press that moves this far is a drag; less is a click. */
const DRAG_DISTANCE = 4;
const SIDE_LIST = 'side-list';

export const deviceLabel = (device: Pick<VideoWallDevice, 'device_name' | 'signage_id'>) =>
  device.device_name || device.signage_id;

/** A screen in the side list or in a place, picked up by its handle. */
function DeviceChip({
  device,
  disabled,
  note,
}: {
  device: VideoWallDevice;
  disabled: boolean;
  note?: string;
}) {
  const { t } = useTranslation('video-wall');
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: device.device_id,
    disabled,
  });
  // The list item holds the draggable (a button to assistive technology): a list's items stay items.
  return (
    <li>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: dnd-kit's attributes make it a button (role, tabIndex) */}
      <div
        ref={setNodeRef}
        className="video-wall-device"
        style={{ transform: CSS.Translate.toString(transform), zIndex: isDragging ? 10 : undefined }}
        {...attributes}
        {...listeners}
        aria-label={t('grid.drag', { name: deviceLabel(device) })}
      >
        <HolderOutlined aria-hidden />
        <Badge status={device.online ? 'success' : 'default'} />
        <DesktopOutlined aria-hidden />
        <Typography.Text ellipsis dir="auto" style={{ flex: 1 }}>
          {deviceLabel(device)}
        </Typography.Text>
        {note ? <Tag>{note}</Tag> : null}
      </div>
    </li>
  );
}

/** One place of the grid: a drop target, and a select for those without a mouse. */
function Cell({
  at,
  deviceId,
  options,
  onPlace,
  children,
}: {
  at: Place;
  deviceId: number | undefined;
  options: { value: number; label: string }[];
  onPlace: (deviceId: number | null) => void;
  /** The screen placed here, to drag elsewhere. */
  children: ReactNode;
}) {
  const { t } = useTranslation('video-wall');
  const { setNodeRef, isOver } = useDroppable({ id: placeKey(at) });
  const name = t('grid.place', { row: at.row + 1, column: at.column + 1 });
  return (
    <div
      ref={setNodeRef}
      className="video-wall-cell"
      data-over={isOver}
      data-testid={`wall-cell-${placeKey(at)}`}
    >
      <span className="video-wall-cell-place">{name}</span>
      <Select<number>
        aria-label={t('grid.choose', { place: name })}
        placeholder={t('grid.empty')}
        allowClear
        showSearch
        optionFilterProp="label"
        value={deviceId}
        onChange={(value) => onPlace(value ?? null)}
        options={options}
        style={{ inlineSize: '100%' }}
      />
      {children}
    </div>
  );
}

/**
 * The wall's places, row by row as the wall hangs (left to right whatever the page's direction),
 * and its workspace's screens beside them: a screen is dragged into a place (onto a taken one,
 * the two swap; back to the list, it leaves the wall), or chosen in the place's select. A screen
 * in another wall cannot be placed.
 */
export function WallGrid({ rows, columns, cells, onChange, devices, wallId }: Props) {
  const { t } = useTranslation('video-wall');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_DISTANCE } }),
    useSensor(KeyboardSensor),
  );
  const inOtherWall = (device: VideoWallDevice) => device.wall_id !== null && device.wall_id !== wallId;
  const placed = new Set(cells.values());
  const free = devices.filter((device) => !placed.has(device.device_id));
  const nameOf = (id: unknown) => {
    const device = devices.find((candidate) => candidate.device_id === id);
    return device ? deviceLabel(device) : '';
  };
  const placeName = (key: unknown) => {
    const [row, column] = String(key).split(',').map(Number);
    return key === SIDE_LIST ? t('grid.sideList') : t('grid.place', { row: row + 1, column: column + 1 });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.start', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('dnd.over', { name: nameOf(active.id), place: placeName(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('dnd.end', { name: nameOf(active.id), place: placeName(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('dnd.cancel', { name: nameOf(active.id) }),
  };
  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const id = Number(active.id);
    if (over.id === SIDE_LIST) {
      const from = [...cells].find(([, deviceId]) => deviceId === id)?.[0];
      if (from !== undefined) onChange(place(cells, from, null));
      return;
    }
    onChange(place(cells, String(over.id), id));
  };
  const options = devices
    .filter((device) => !inOtherWall(device))
    .map((device) => ({ value: device.device_id, label: deviceLabel(device) }));

  return (
    <DndContext sensors={sensors} onDragEnd={dropped} accessibility={{ announcements }}>
      <div className="video-wall-editor">
        <section
          className="video-wall-grid"
          aria-label={t('grid.label')}
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {Array.from({ length: rows * columns }, (_, index) => {
            const at = { row: Math.floor(index / columns), column: index % columns };
            const deviceId = cells.get(placeKey(at));
            const device = devices.find((candidate) => candidate.device_id === deviceId);
            return (
              <Cell
                key={placeKey(at)}
                at={at}
                deviceId={deviceId}
                options={options}
                onPlace={(id) => onChange(place(cells, placeKey(at), id))}
              >
                {device ? (
                  <ul className="video-wall-devices">
                    <DeviceChip device={device} disabled={false} />
                  </ul>
                ) : null}
              </Cell>
            );
          })}
        </section>
        <SideList>
          {free.map((device) => (
            <DeviceChip
              key={device.device_id}
              device={device}
              disabled={inOtherWall(device)}
              note={inOtherWall(device) ? t('grid.inWall', { wall: device.wall_name }) : undefined}
            />
          ))}
          {free.length === 0 ? (
            <li>
              <Typography.Text type="secondary">{t('grid.noneLeft')}</Typography.Text>
            </li>
          ) : null}
        </SideList>
      </div>
    </DndContext>
  );
}

/** The screens not placed: where a screen is dragged back to take it out of the wall. */
function SideList({ children }: { children: ReactNode }) {
  const { t } = useTranslation('video-wall');
  const { setNodeRef, isOver } = useDroppable({ id: SIDE_LIST });
  return (
    <section aria-label={t('grid.sideList')}>
      <Typography.Text strong>{t('grid.sideList')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBlock: 4 }}>
        {t('grid.help')}
      </Typography.Paragraph>
      <ul ref={setNodeRef} className="video-wall-devices" data-over={isOver}>
        {children}
      </ul>
    </section>
  );
}
