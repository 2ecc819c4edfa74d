import { Text } from '@mantine/core';
import { NETWORK_FIGURES_MIN_MEMBERS, NETWORK_GOAL } from '../../shared/states';
import { formatCount, useStates } from '../map';
import classes from './network-progress.module.css';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * The network's live progress: foster children in the homes of its churches' families now, against the 20,000
 * goal. The figures add up from the churches' confirmed members (issue 25).
 */
export function NetworkProgress() {
  const { data, isError } = useStates();
  const network = data?.national.network;
  // Too few members yet to publish their figures (they would identify them).
  const isHidden = data !== undefined && network === null;
  const goal = data?.goal ?? NETWORK_GOAL;
  const children = network?.fosterChildren ?? 0;
  const share = Math.min(1, children / goal);

  return (
    <section className={classes.progress} aria-labelledby="progress-title">
      <div className={classes.head}>
        <h2 id="progress-title" className={classes.title}>
          Our progress toward {formatCount(goal)}
        </h2>
        <p className={classes.figure} aria-live="polite">
          {network ? (
            <>
              <strong>{formatCount(children)}</strong> of {formatCount(goal)} children
            </>
          ) : (
            <span className={classes.pending}>{isHidden ? 'Just starting' : isError ? 'Not available right now' : 'Counting…'}</span>
          )}
        </p>
      </div>
      <div
        className={classes.bar}
        role="progressbar"
        aria-labelledby="progress-title"
        aria-valuemin={0}
        aria-valuemax={goal}
        aria-valuenow={children}
        aria-valuetext={network ? `${formatCount(children)} of ${formatCount(goal)} children` : 'loading'}
      >
        <div className={classes.fill} style={{ width: `${share * 100}%` }} data-empty={children === 0 || undefined} />
      </div>
      {data ? (
        <p className={classes.churches} data-testid="network-churches">
          <strong>{formatCount(data.national.churches)}</strong> {data.national.churches === 1 ? 'church' : 'churches'} in the network
        </p>
      ) : null}
      <Text size="sm" mt="xs">
        {network
          ? `Foster children in the homes of our churches' families today. Our churches have ${plural(network.members, 'confirmed member', 'confirmed members')}, ${plural(network.fosterFamilies, 'foster family', 'foster families')} among them.`
          : isHidden
            ? `The network's figures appear once its churches have ${NETWORK_FIGURES_MIN_MEMBERS} confirmed members.`
            : ' '}
      </Text>
    </section>
  );
}
