import { useLingui } from '@lingui/react';
import type { CSSProperties } from 'react';
import {
  countCitation,
  HEADLINE_CHILDREN,
  NATIONAL_COUNT,
  NATIONAL_COUNT_CITATION,
  NETWORK_GOAL,
  NETWORK_TARGET_PERCENT,
  networkTarget,
} from '../../shared/states';
import { useStates } from '../map';
import classes from './home-page.module.css';

type Accent = CSSProperties & { '--accent': string };

/**
 * The landing page's three headline figures (product.md §3.1: about 400,000 children, a goal of 20,000). Each
 * round headline is said as what it is, "more than" or "about", beside the exact figure and who counted it,
 * so the map's 410,308 and its 20,516 target read as the same facts (issue 29, decision 047). Before the
 * figures arrive (and in the prerendered page) the loaded ones stand in: the same words, so nothing moves.
 */
export function HeadlineFigures() {
  const { i18n } = useLingui();
  const national = useStates().data?.national;
  const count = national?.count ?? NATIONAL_COUNT;
  const citation = (national ? countCitation(national) : NATIONAL_COUNT_CITATION) ?? NATIONAL_COUNT_CITATION;
  const target = networkTarget(count) ?? networkTarget(NATIONAL_COUNT)!;
  const stats = [
    {
      label: i18n._('In foster care: more than'),
      number: HEADLINE_CHILDREN,
      text: i18n._('children in the United States ({count} in {citation})', { count: i18n.number(count), citation }),
      color: '#73C1BB',
    },
    {
      label: i18n._('Ready for adoption'),
      number: 100_000,
      text: i18n._('children waiting for a family of their own'),
      color: '#E5A26B',
    },
    {
      label: i18n._('Our goal: about'),
      number: NETWORK_GOAL,
      text: i18n._(
        'children cared for by member churches and families: {percent}% of the children in foster care, {target} by the {citation} count',
        { percent: NETWORK_TARGET_PERCENT, target: i18n.number(target), citation },
      ),
      color: '#F1DC8E',
    },
  ];
  return (
    <ul className={classes.stats} aria-label={i18n._('Foster care in numbers')}>
      {stats.map((stat) => (
        <li key={stat.number} className={classes.stat} style={{ '--accent': stat.color } as Accent}>
          <span className={classes.statLabel}>{stat.label}</span> <span className={classes.statNumber}>{i18n.number(stat.number)}</span>{' '}
          <span>{stat.text}</span>
        </li>
      ))}
    </ul>
  );
}
