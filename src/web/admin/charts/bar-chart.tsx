import { useLingui } from '@lingui/react';
import { ChartFigure, type Series } from './chart-figure';
import { clip, niceScale } from './scale';
import { useWidth } from './use-width';
import classes from './charts.module.css';

export type BarRow = { label: string; values: number[] };

type BarChartProps = {
  title: string;
  summary: string;
  /** Names the table's first column ("State", "Page"). */
  labelName: string;
  series: readonly Series[];
  rows: readonly BarRow[];
  empty?: string | undefined;
};

const BAR = 14;
const GAP = 3;
const ROW_GAP = 12;
const MARGIN = { top: 4, right: 48, bottom: 4 };

/** Horizontal bars per category (members and foster children per state, most viewed pages), as accessible SVG. */
export function BarChart({ title, summary, labelName, series, rows, empty }: BarChartProps) {
  const { i18n } = useLingui();
  const { ref, width } = useWidth();
  const labelWidth = Math.min(170, Math.round(width * 0.38));
  const plotWidth = Math.max(60, width - labelWidth - MARGIN.right);
  const rowHeight = series.length * BAR + (series.length - 1) * GAP;
  const height = MARGIN.top + rows.length * (rowHeight + ROW_GAP) - ROW_GAP + MARGIN.bottom;
  const { top } = niceScale(Math.max(0, ...rows.flatMap((r) => r.values)));
  const length = (v: number) => (v / top) * plotWidth;
  const maxChars = Math.floor(labelWidth / 7.2);

  return (
    <ChartFigure title={title} summary={summary} series={series} table={{ rowHeader: labelName, rows }} empty={empty}>
      {(ids) => (
        <div ref={ref} className={classes.canvas}>
          <svg
            width={width}
            height={Math.max(height, 0)}
            role="img"
            aria-labelledby={ids.titleId}
            aria-describedby={ids.descId}
            className={classes.svg}
          >
            {rows.map((row, i) => {
              const y0 = MARGIN.top + i * (rowHeight + ROW_GAP);
              return (
                <g key={row.label}>
                  <text x={labelWidth - 8} y={y0 + rowHeight / 2} dy="0.32em" textAnchor="end" className={classes.label}>
                    {clip(row.label, maxChars)}
                  </text>
                  {row.values.map((v, s) => {
                    const y = y0 + s * (BAR + GAP);
                    const w = length(v);
                    return (
                      <g key={series[s]?.name ?? s}>
                        <rect x={labelWidth} y={y} width={Math.max(v > 0 ? 2 : 0, w)} height={BAR} rx={2} fill={series[s]?.color}>
                          <title>{`${row.label}, ${series[s]?.name ?? ''}: ${i18n.number(v)}`}</title>
                        </rect>
                        <text x={labelWidth + w + 4} y={y + BAR / 2} dy="0.32em" className={classes.value}>
                          {i18n.number(v)}
                        </text>
                      </g>
                    );
                  })}
                </g>
              );
            })}
            <line x1={labelWidth} x2={labelWidth} y1={0} y2={height} className={classes.axis} />
          </svg>
        </div>
      )}
    </ChartFigure>
  );
}
