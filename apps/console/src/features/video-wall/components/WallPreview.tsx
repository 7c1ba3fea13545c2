import {
  type ItemFit,
  VIDEO_WALL_MAX_SIDE,
  VIDEO_WALL_MM_LIMIT,
  type VideoWallScreen,
  wallCanvas,
  wallCanvasBox,
  wallCellArea,
} from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { SAMPLE_PICTURE } from './sample-picture';

type Props = {
  screen: Partial<VideoWallScreen>;
  /** The picture laid on the wall's canvas: the sample one when none. */
  picture?: string | null;
  fit?: ItemFit;
  /** What each place shows under its part of the picture (the screen's name), by "row,column". */
  labels?: ReadonlyMap<string, string>;
};

const FIT_CSS: Record<ItemFit, 'contain' | 'cover' | 'fill'> = {
  contain: 'contain',
  cover: 'cover',
  fill: 'fill',
};

const inRange = (value: number | undefined, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

/** The measures when every one can be drawn, else null (while the form is being filled in). */
function drawable(screen: Partial<VideoWallScreen>): VideoWallScreen | null {
  const { rows, columns, screen_width_mm, screen_height_mm } = screen;
  const bezels = [screen.bezel_top_mm, screen.bezel_right_mm, screen.bezel_bottom_mm, screen.bezel_left_mm];
  if (!inRange(rows, 1, VIDEO_WALL_MAX_SIDE) || !inRange(columns, 1, VIDEO_WALL_MAX_SIDE)) return null;
  if (!inRange(screen_width_mm, Number.MIN_VALUE, VIDEO_WALL_MM_LIMIT)) return null;
  if (!inRange(screen_height_mm, Number.MIN_VALUE, VIDEO_WALL_MM_LIMIT)) return null;
  if (!bezels.every((bezel) => inRange(bezel, 0, VIDEO_WALL_MM_LIMIT))) return null;
  return screen as VideoWallScreen;
}

const percent = (value: number) => `${value}%`;

/**
 * The wall to scale, bezels in black, each screen showing the part of the picture its active area
 * covers: the same geometry the players crop with (contract video-wall-geometry.ts), so the
 * picture runs on behind the bezels as it will on the wall.
 */
export function WallPreview({ screen, picture, fit = 'cover', labels }: Props) {
  const { t } = useTranslation('video-wall');
  const wall = drawable(screen);
  if (!wall) return <div className="video-wall-preview-empty">{t('preview.incomplete')}</div>;
  const canvas = wallCanvas(wall);
  const pitchX = wall.screen_width_mm + wall.bezel_left_mm + wall.bezel_right_mm;
  const pitchY = wall.screen_height_mm + wall.bezel_top_mm + wall.bezel_bottom_mm;
  const width = wall.columns * pitchX;
  const height = wall.rows * pitchY;
  const places = Array.from({ length: wall.rows * wall.columns }, (_, index) => ({
    row: Math.floor(index / wall.columns),
    column: index % wall.columns,
  }));
  return (
    <div
      className="video-wall-preview"
      role="img"
      aria-label={t('preview.label', { rows: wall.rows, columns: wall.columns })}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {places.map(({ row, column }) => {
        const area = wallCellArea(wall, row, column);
        const box = wallCanvasBox(
          { wall_id: 0, row, column, canvas_width_mm: canvas.width, canvas_height_mm: canvas.height, area },
          100,
          100,
        );
        const label = labels?.get(`${row},${column}`);
        return (
          <div
            key={`${row},${column}`}
            className="video-wall-preview-screen"
            style={{
              left: percent(((column * pitchX + wall.bezel_left_mm) / width) * 100),
              top: percent(((row * pitchY + wall.bezel_top_mm) / height) * 100),
              width: percent((wall.screen_width_mm / width) * 100),
              height: percent((wall.screen_height_mm / height) * 100),
            }}
          >
            <img
              src={picture ?? SAMPLE_PICTURE}
              alt=""
              draggable={false}
              style={{
                left: percent(box.left),
                top: percent(box.top),
                width: percent(box.width),
                height: percent(box.height),
                objectFit: FIT_CSS[fit],
              }}
            />
            {label ? (
              <span className="video-wall-preview-label" dir="auto">
                {label}
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
