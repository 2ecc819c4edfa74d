import { Badge } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { offerLabel, type ChurchOffer } from '../../shared/churches';
import classes from './churches.module.css';

/** What a church offers, as badges (a list, named for screen readers); nothing when it offers none. */
export function OfferBadges({ offers, label }: { offers: ChurchOffer[]; label: string }) {
  const { i18n } = useLingui();
  if (offers.length === 0) return null;
  return (
    <ul className={classes.badges} aria-label={label}>
      {offers.map((o) => (
        <li key={o}>
          <Badge variant="light" color="teal" c="teal.9" tt="none">
            {i18n._(offerLabel(o))}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
