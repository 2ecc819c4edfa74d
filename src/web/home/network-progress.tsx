import { useLingui } from '@lingui/react';
import { NETWORK_FIGURES_MIN_MEMBERS, NETWORK_GOAL } from '../../shared/states';
import { formatCount, useStates } from '../map';
import band from './needs-band.module.css';
import classes from './network-progress.module.css';

/**
 * The share of the goal from which the band draws its bar: 1% (200 of 20,000 children). Below it a bar is a
 * sliver that reads as failure and tells nobody anything; what the network has done says more (decision 047).
 */
export const PROGRESS_BAR_FROM_SHARE = 0.01;

/**
 * What the network has done so far: its churches, their confirmed members, the foster families among them and
 * the foster children in their homes (issue 25: they add up from the churches' confirmed members), then, once
 * those children are a visible share of the goal, the progress toward it. The needs met follow in their own
 * band (needs-band.tsx). Figures with fewer than 3 members behind them are not shown (issue 12).
 */
export function NetworkProgress() {
  const { i18n } = useLingui();
  const { data, isError } = useStates();
  const network = data?.national.network;
  // Too few members yet to publish their figures (they would identify them).
  const isHidden = data !== undefined && network === null;
  const goal = data?.goal ?? NETWORK_GOAL;
  const children = network?.fosterChildren ?? 0;
  const barFrom = Math.ceil(goal * PROGRESS_BAR_FROM_SHARE);
  const hasBar = network != null && children >= barFrom;
  const waiting = isError ? '—' : '…';
  const ofNetwork = (value: number | undefined, hidden: string) => (value !== undefined ? formatCount(value) : isHidden ? hidden : waiting);
  const fewer = i18n._('Fewer than {min}', { min: NETWORK_FIGURES_MIN_MEMBERS });
  const notShown = i18n._('Not shown');
  const figures = [
    { term: i18n._('Churches in the network'), value: data ? formatCount(data.national.churches) : waiting, testId: 'network-churches' },
    { term: i18n._('Confirmed members'), value: ofNetwork(network?.members, fewer), testId: 'network-members' },
    { term: i18n._('Foster families among them'), value: ofNetwork(network?.fosterFamilies, notShown), testId: 'network-families' },
    { term: i18n._('Foster children in their homes'), value: ofNetwork(network?.fosterChildren, notShown), testId: 'network-children' },
  ];

  return (
    <section className={classes.progress} aria-labelledby="progress-title">
      <div className={classes.head}>
        <h2 id="progress-title" className={classes.title}>
          {i18n._('The network so far')}
        </h2>
      </div>
      <dl className={band.figures} aria-live="polite">
        {figures.map((x) => (
          <div key={x.testId} className={band.figure}>
            <dt>{x.term}</dt>
            <dd data-testid={x.testId}>{x.value}</dd>
          </div>
        ))}
      </dl>
      {hasBar ? (
        <div className={classes.goal}>
          <label htmlFor="network-progress-bar" className={classes.goalLabel}>
            {i18n._('Toward our goal of about {goal} children: {children} so far', {
              goal: formatCount(goal),
              children: formatCount(children),
            })}
          </label>
          <progress id="network-progress-bar" className={classes.bar} max={goal} value={children}>
            {i18n._('{children} of {goal} children', { children: formatCount(children), goal: formatCount(goal) })}
          </progress>
        </div>
      ) : (
        <p className={classes.note}>
          {isHidden
            ? i18n._("The network's figures appear once its churches have {min} confirmed members.", { min: NETWORK_FIGURES_MIN_MEMBERS })
            : i18n._(
                'Our goal: about {goal} children cared for by member churches and families. The progress toward it shows here from {from} children on.',
                { goal: formatCount(goal), from: formatCount(barFrom) },
              )}
        </p>
      )}
    </section>
  );
}
