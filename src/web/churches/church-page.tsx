import { useLingui } from '@lingui/react';
import { Anchor, Loader, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { CHURCH_NOT_FOUND, languageLabel, type ChurchPage as Church } from '../../shared/churches';
import { NETWORK_FIGURES_MIN_MEMBERS, stateName } from '../../shared/states';
import { FormCard } from '../app/form-card';
import { AppLink } from '../app/navigation';
import { Page } from '../app/page';
import { ContactForm } from '../contact';
import { isApiRequestError } from '../lib/api';
import { useLive } from '../live';
import { StateOutline } from '../map';
import { churchPageOptions, contactChurch } from './churches-api';
import { OfferBadges } from './offer-badges';
import classes from './churches.module.css';

/** /churches/:id (product.md §12): what a church offers, where it is, its figures, and "Contact this church". */
export default function ChurchPage() {
  const { i18n } = useLingui();
  const { id = '' } = useParams();
  const churchId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  useLive(['churches']);
  const query = useQuery({ ...churchPageOptions(churchId), enabled: churchId > 0 });

  if (churchId === 0 || query.isError) {
    const isGone = churchId === 0 || (isApiRequestError(query.error) && query.error.status === 404);
    return (
      <Page title={isGone ? i18n._('Church not found') : i18n._('Church')} size="md">
        <Text mb="md" role="status">
          {isGone ? i18n._(CHURCH_NOT_FOUND) : i18n._('The church could not be loaded. Please try again.')}
        </Text>
        <AppLink to="/churches">{i18n._('Find a church')}</AppLink>
      </Page>
    );
  }
  if (query.isPending) {
    return (
      <Page title={i18n._('Church')} size="md">
        <Loader aria-label={i18n._('Loading the church')} />
      </Page>
    );
  }
  return <ChurchView church={query.data} />;
}

function ChurchView({ church }: { church: Church }) {
  const { i18n } = useLingui();
  const state = i18n._(stateName(church.state) ?? church.state);
  const count = (n: number) => i18n.number(n);
  const fewer = i18n._('Fewer than {count}', { count: NETWORK_FIGURES_MIN_MEMBERS });
  const notShown = i18n._('Not shown');
  return (
    <Page title={church.name} documentTitle={i18n._('{name} | Churches', { name: church.name })} size="md">
      <Text mb="xs">
        {church.city}, {state}
        {church.ag ? ` · ${i18n._('Assemblies of God')}${church.agDistrict ? ` (${church.agDistrict})` : ''}` : ''}
      </Text>
      {church.photoUrl ? <img src={church.photoUrl} alt={`${church.name}`} className={classes.photo} width={96} height={96} /> : null}
      <OfferBadges offers={church.offers} label={i18n._('What the church offers')} />
      <Text mt="sm">
        {i18n._('Services in {languages}.', { languages: church.languages.map((l) => i18n._(languageLabel(l))).join(', ') })}
      </Text>

      {church.description ? (
        <section aria-labelledby="ministry-title">
          <Title order={2} size="h3" id="ministry-title" mt="lg" mb="xs">
            {i18n._('Foster-care ministry')}
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }} maw="65ch">
            {church.description}
          </Text>
        </section>
      ) : null}

      <div className={classes.facts}>
        <section aria-labelledby="where-title">
          <Title order={2} size="h3" id="where-title" mb="xs">
            {i18n._('Where it is')}
          </Title>
          <address style={{ fontStyle: 'normal' }}>
            {church.street ? (
              <>
                {church.street}
                <br />
              </>
            ) : null}
            {church.city}, {church.state} {church.zip}
          </address>
          {church.website ? (
            <Text mt="xs">
              {i18n._('Web site:')}{' '}
              <Anchor href={church.website} target="_blank" rel="noopener noreferrer">
                {church.website.replace(/^https?:\/\//, '')}
              </Anchor>
            </Text>
          ) : null}
          {church.phone ? (
            <Text mt="xs">
              {/* On one line: a number broken at its space or hyphen is hard to read (html-validate: tel-non-breaking). */}
              {i18n._('Office phone:')}{' '}
              <Anchor href={`tel:${church.phone}`} style={{ whiteSpace: 'nowrap' }}>
                {formatPhone(church.phone)}
              </Anchor>
            </Text>
          ) : null}
          <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
            <Suspense fallback={null}>
              <StateOutline
                state={church.state}
                point={church.mapPoint}
                label={i18n._('Map of {state} with {name} marked near {city}', { state, name: church.name, city: church.city })}
              />
            </Suspense>
          </div>
        </section>
        <section aria-labelledby="figures-title">
          <Title order={2} size="h3" id="figures-title" mb="xs">
            {i18n._('The church in the network')}
          </Title>
          <dl className={classes.figures}>
            <div>
              <dt>{i18n._('Members')}</dt>
              <dd data-testid="church-members">{church.figures ? count(church.figures.members) : fewer}</dd>
            </div>
            <div>
              <dt>{i18n._('Foster families')}</dt>
              <dd data-testid="church-families">{church.figures ? count(church.figures.fosterFamilies) : notShown}</dd>
            </div>
            <div>
              <dt>{i18n._('Children in their care')}</dt>
              <dd data-testid="church-children">{church.figures ? count(church.figures.fosterChildren) : notShown}</dd>
            </div>
          </dl>
          {church.figures ? null : (
            <Text size="sm" c="dimmed" mt="xs">
              {i18n._('With fewer than {count} members in a church, we do not show its figures, so nobody can be recognised.', {
                count: NETWORK_FIGURES_MIN_MEMBERS,
              })}
            </Text>
          )}
          {/* Its part in the needs board (issue 26): what it committed, for itself or through its members. */}
          <Title order={3} size="h4" mt="md" mb="xs">
            {i18n._('On the needs board')}
          </Title>
          <dl className={classes.figures}>
            <div>
              <dt>{i18n._('Needs met')}</dt>
              <dd data-testid="church-needs-met">
                {count(church.needs.met)}{' '}
                <span className={classes.figureNote}>{i18n._('of {count} responded to', { count: count(church.needs.responded) })}</span>
              </dd>
            </div>
            <div>
              <dt>{i18n._('Children served')}</dt>
              <dd data-testid="church-needs-children">
                {church.needs.childrenServed === null ? fewer : count(church.needs.childrenServed)}
              </dd>
            </div>
            <div>
              <dt>{i18n._('Value committed')}</dt>
              <dd data-testid="church-needs-value">
                {i18n.number(church.needs.valueCommitted, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })}
              </dd>
            </div>
            {/* Care teams (issue 27): each stands for a family, so 1 or 2 is "fewer than 3". */}
            <div>
              <dt>{i18n._('Care teams')}</dt>
              <dd data-testid="church-care-teams">
                {church.careTeams === null ? fewer : church.careTeams === 0 ? i18n._('None yet') : count(church.careTeams)}
              </dd>
            </div>
          </dl>
        </section>
      </div>

      <section aria-labelledby="contact-title">
        <Title order={2} size="h3" id="contact-title" mb="xs">
          {i18n._('Contact this church')}
        </Title>
        <Text mb="md" maw="62ch">
          {i18n._(
            'Your message goes to the people who keep this church’s page, by email. They answer you at your address; theirs stays private until they do.',
          )}
        </Text>
        <FormCard>
          <ContactForm label={i18n._('Contact this church')} asMember send={(input) => contactChurch(church.id, input)} />
        </FormCard>
      </section>
    </Page>
  );
}

/** 4175550123 → (417) 555-0123; anything else as it is. */
function formatPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : phone;
}
