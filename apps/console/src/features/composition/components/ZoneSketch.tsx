import { useTranslation } from 'react-i18next';
import { KIND_COLORS, type SketchLayout } from '../model';

type Props = {
  layout: SketchLayout;
  /** The zones' names over them (large sketches); small ones show only the shapes. */
  labelled?: boolean;
  label: string;
};

/**
 * A composition's layout drawn from its zones, scaled to the box: each zone a rectangle in its
 * kind's colour, in layer order. Drawn left to right in every language: these are screen pixels.
 */
export function ZoneSketch({ layout, labelled = false, label }: Props) {
  const { t } = useTranslation('composition');
  const { width, height, zones } = layout;
  const stroke = Math.max(width, height) / 200;
  const fontSize = Math.min(width, height) / 12;
  return (
    <svg
      className="composition-sketch"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      preserveAspectRatio="xMidYMid meet"
      direction="ltr"
    >
      <rect
        width={width}
        height={height}
        fill={layout.background_color === 'transparent' ? '#000' : layout.background_color}
      />
      {zones.map((zone, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: zones of a sketch have no identity but their place
        <g key={index}>
          <rect
            x={zone.x + stroke / 2}
            y={zone.y + stroke / 2}
            width={Math.max(zone.width - stroke, 0)}
            height={Math.max(zone.height - stroke, 0)}
            fill={KIND_COLORS[zone.kind]}
            fillOpacity={0.85}
            stroke="#fff"
            strokeWidth={stroke}
          />
          {labelled && zone.height > fontSize * 1.5 && zone.width > fontSize * 3 ? (
            <text
              x={zone.x + zone.width / 2}
              y={zone.y + zone.height / 2}
              fontSize={Math.min(fontSize, zone.height / 2)}
              fill="#fff"
              textAnchor="middle"
              dominantBaseline="central"
            >
              {t(`kind.${zone.kind}`)}
            </text>
          ) : null}
        </g>
      ))}
    </svg>
  );
}
