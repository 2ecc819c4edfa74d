import { useLingui } from '@lingui/react';
import { ChartFigure } from './chart-figure';
import { clip, niceScale } from './scale';
import { useWidth } from './use-width';
import classes from './charts.module.css';

export type Column = { label: string; value: number; /** The UTC day the column starts, for the axis. */ day?: string };

type ColumnChartProps = {
  title: string;
  summary: string;
  /** What a column counts ("Sign-ups"); names the table's column. */
  valueName: string;
  /** Names the table's first column ("Day", "Week of"). */
  labelName: string;
  columns: readonly Column[];
  color: string;
  /** Shorter text under the axis ("Mar 4"); the table shows `label`. */
  axisLabel?: (column: Column) => string;
};

const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 44 };

/** Columns over time (sign-ups per day, page views per day), as accessible SVG. */
export function ColumnChart({ title, summary, valueName, labelName, columns, color, axisLabel }: ColumnChartProps) {
  const { i18n } = useLingui();
  const { ref, width } = useWidth();
  const inner = { width: Math.max(120, width - MARGIN.left - MARGIN.right), height: HEIGHT - MARGIN.top - MARGIN.bottom };
  const max = Math.max(0, ...columns.map((c) => c.value));
  const { top, step } = niceScale(max);
  const slot = inner.width / Math.max(1, columns.length);
  const barWidth = Math.max(1, Math.min(28, slot * 0.72));
  const y = (v: number) => MARGIN.top + inner.height - (v / top) * inner.height;
  // As many axis labels as fit, evenly spaced, the last one always shown.
  const labelEvery = Math.max(1, Math.ceil(columns.length / Math.max(1, Math.floor(inner.width / 64))));
  const ticks = Array.from({ length: Math.floor(top / step) + 1 }, (_, i) => i * step);

  return (
    <ChartFigure
      title={title}
      summary={summary}
      series={[{ name: valueName, color }]}
      table={{ rowHeader: labelName, rows: columns.map((c) => ({ label: c.label, values: [c.value] })) }}
    >
      {(ids) => (
        <div ref={ref} className={classes.canvas}>
          <svg width={width} height={HEIGHT} role="img" aria-labelledby={ids.titleId} aria-describedby={ids.descId} className={classes.svg}>
            {ticks.map((t) => (
              <g key={t}>
                <line
                  x1={MARGIN.left}
                  x2={MARGIN.left + inner.width}
                  y1={y(t)}
                  y2={y(t)}
                  className={t === 0 ? classes.axis : classes.grid}
                />
                <text x={MARGIN.left - 6} y={y(t)} dy="0.32em" textAnchor="end" className={classes.tick}>
                  {i18n.number(t)}
                </text>
              </g>
            ))}
            {columns.map((c, i) => {
              const x = MARGIN.left + i * slot + (slot - barWidth) / 2;
              const isLabelled = i % labelEvery === 0 || i === columns.length - 1;
              // The last column is always labelled; the regular label just before it makes way when too close.
              const isLabelCrowded = i !== columns.length - 1 && i % labelEvery === 0 && columns.length - 1 - i < labelEvery;
              return (
                <g key={c.label}>
                  <rect
                    x={x}
                    y={y(c.value)}
                    width={barWidth}
                    height={Math.max(0, y(0) - y(c.value))}
                    fill={color}
                    rx={Math.min(3, barWidth / 4)}
                  >
                    <title>{`${c.label}: ${i18n.number(c.value)}`}</title>
                  </rect>
                  {isLabelled && !isLabelCrowded ? (
                    // The last label ends at its column, so it is never cut off at the edge.
                    <text
                      x={i === columns.length - 1 ? x + barWidth : x + barWidth / 2}
                      y={HEIGHT - 8}
                      textAnchor={i === columns.length - 1 ? 'end' : 'middle'}
                      className={classes.tick}
                    >
                      {clip(axisLabel ? axisLabel(c) : c.label, 10)}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </svg>
        </div>
      )}
    </ChartFigure>
  );
}
