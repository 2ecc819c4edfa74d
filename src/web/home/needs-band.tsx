// The rule's number from states.ts, which holds no schema: the landing page's script carries no zod.
import { NETWORK_FIGURES_MIN_MEMBERS as NEED_FIGURES_MIN_PEOPLE } from '../../shared/states';
import { useLingui } from '@lingui/react';
import { AppLink } from '../app/navigation';
import { formatCount, useNeedFigures } from '../map';
import classes from './needs-band.module.css';
import progress from './network-progress.module.css';

/**
 * The landing page's progress band for the needs board (issue 26): this year's needs met, the children they
 * served, the value the network's people gave, and how many churches responded; the way to the open needs.
 * Children served follow the small-number rule ("Fewer than 3").
 */
export function NeedsBand() {
  const { data, isError } = useNeedFigures();
  const { i18n } = useLingui();
  const year = data?.year ?? new Date().getUTCFullYear();
  const f = data?.thisYear;
  const value = (n: number | undefined, format: (n: number) => string = formatCount) =>
    n === undefined ? (isError ? '—' : '…') : format(n);
  const figures = [
    { term: i18n._('Needs met'), value: value(f?.needsMet), testId: 'band-needs-met' },
    {
      term: i18n._('Children served'),
      value:
        f && f.childrenServed === null
          ? i18n._('Fewer than {min}', { min: NEED_FIGURES_MIN_PEOPLE })
          : value(f?.childrenServed ?? undefined),
      testId: 'band-children',
    },
    {
      term: i18n._('Value provided'),
      value: value(f?.valueProvided, (n) => i18n.number(n, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })),
      testId: 'band-value',
    },
    { term: i18n._('Churches that responded'), value: value(f?.churchesResponded), testId: 'band-churches' },
  ];
  return (
    <section className={classes.band} aria-labelledby="needs-band-title">
      <div className={progress.head}>
        <h2 id="needs-band-title" className={progress.title}>
          {i18n._('Needs met in {year}', { year })}
        </h2>
        <AppLink to="/needs" className={classes.link}>
          {data && data.open > 0
            ? i18n._('{count, plural, one {See the # open need} other {See the # open needs}}', { count: data.open })
            : i18n._('See the needs board')}
        </AppLink>
      </div>
      <dl className={classes.figures}>
        {figures.map((x) => (
          <div key={x.term} className={classes.figure}>
            <dt>{x.term}</dt>
            <dd data-testid={x.testId}>{x.value}</dd>
          </div>
        ))}
      </dl>
      {isError ? <p className={classes.note}>{i18n._('The figures are not available right now.')}</p> : null}
    </section>
  );
}
