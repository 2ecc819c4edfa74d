import { useLingui } from '@lingui/react';
import { useId, type ReactNode } from 'react';
import classes from './charts.module.css';

export type Series = { name: string; color: string };
export type TableRow = { label: string; values: number[] };

type ChartFigureProps = {
  title: string;
  /** One or two sentences with what the picture shows, for those who do not see it. */
  summary: string;
  series: readonly Series[];
  /** The figures behind the picture, offered as a table. */
  table: { rowHeader: string; rows: readonly TableRow[] };
  /** Draws the SVG; its role="img" element takes its name and description from these ids (the caption). */
  children: (ids: { titleId: string; descId: string }) => ReactNode;
  empty?: string | undefined;
};

/**
 * A chart people can look at and everybody can read: the SVG is one image with a name and a description,
 * the legend names the colours, and the figures are one click away as a table.
 */
export function ChartFigure({ title, summary, series, table, children, empty }: ChartFigureProps) {
  const { i18n } = useLingui();
  const id = useId();
  const ids = { titleId: `${id}-title`, descId: `${id}-desc` };
  return (
    <figure className={classes.figure}>
      <figcaption className={classes.caption}>
        <h3 className={classes.title} id={ids.titleId}>
          {title}
        </h3>
        {empty ? null : (
          <p className={classes.summary} id={ids.descId}>
            {summary}
          </p>
        )}
      </figcaption>
      {empty ? (
        <p className={classes.empty}>{empty}</p>
      ) : (
        <>
          {series.length > 1 ? (
            <ul className={classes.legend} aria-label={i18n._('Legend')}>
              {series.map((s) => (
                <li key={s.name}>
                  <span className={classes.swatch} style={{ background: s.color }} aria-hidden="true" />
                  {s.name}
                </li>
              ))}
            </ul>
          ) : null}
          {children(ids)}
          <details className={classes.details}>
            <summary>{i18n._('Show the figures as a table')}</summary>
            <div className={classes.tableScroll}>
              <table className={classes.table}>
                <caption className={classes.tableCaption}>{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{table.rowHeader}</th>
                    {series.map((s) => (
                      <th scope="col" key={s.name} className={classes.number}>
                        {s.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row) => (
                    <tr key={row.label}>
                      <th scope="row">{row.label}</th>
                      {row.values.map((v, i) => (
                        <td key={series[i]?.name ?? i} className={classes.number}>
                          {i18n.number(v)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}
