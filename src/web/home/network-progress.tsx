import { Trans, useLingui } from '@lingui/react';
import { Text } from '@mantine/core';
import { NETWORK_FIGURES_MIN_MEMBERS, NETWORK_GOAL } from '../../shared/states';
import { ProgressBar } from '../app/progress-bar';
import { formatCount, useStates } from '../map';
import classes from './network-progress.module.css';

/**
 * The network's live progress: foster children in the homes of its churches' families now, against the 20,000
 * goal. The figures add up from the churches' confirmed members (issue 25).
 */
export function NetworkProgress() {
  const { i18n } = useLingui();
  const { data, isError } = useStates();
  const network = data?.national.network;
  // Too few members yet to publish their figures (they would identify them).
  const isHidden = data !== undefined && network === null;
  const goal = data?.goal ?? NETWORK_GOAL;
  const children = network?.fosterChildren ?? 0;

  return (
    <section className={classes.progress} aria-labelledby="progress-title">
      <div className={classes.head}>
        <h2 id="progress-title" className={classes.title}>
          {i18n._('Our progress toward {goal}', { goal: formatCount(goal) })}
        </h2>
        <p className={classes.figure} aria-live="polite">
          {network ? (
            <Trans
              id="<0>{children}</0> of {goal} children"
              values={{ children: formatCount(children), goal: formatCount(goal) }}
              components={{ 0: <strong /> }}
            />
          ) : (
            <span className={classes.pending}>
              {isHidden ? i18n._('Just starting') : isError ? i18n._('Not available right now') : i18n._('Counting…')}
            </span>
          )}
        </p>
      </div>
      <ProgressBar
        className={classes.bar}
        aria-labelledby="progress-title"
        max={goal}
        value={children}
        aria-valuetext={
          network
            ? i18n._('{children} of {goal} children', { children: formatCount(children), goal: formatCount(goal) })
            : i18n._('loading')
        }
        data-empty={children === 0 || undefined}
      />
      {data ? (
        <p className={classes.churches} data-testid="network-churches">
          <Trans
            id="{count, plural, one {<0>#</0> church in the network} other {<0>#</0> churches in the network}}"
            values={{ count: data.national.churches }}
            components={{ 0: <strong /> }}
          />
        </p>
      ) : null}
      <Text size="sm" mt="xs">
        {network
          ? i18n._(
              "Foster children in the homes of our churches' families today. Our churches have {members, plural, one {# confirmed member} other {# confirmed members}}, {families, plural, one {# foster family} other {# foster families}} among them.",
              { members: network.members, families: network.fosterFamilies },
            )
          : isHidden
            ? i18n._("The network's figures appear once its churches have {min} confirmed members.", { min: NETWORK_FIGURES_MIN_MEMBERS })
            : ' '}
      </Text>
    </section>
  );
}
