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
import { formatCount, StateOutline } from '../map';
import { churchPageOptions, contactChurch } from './churches-api';
import { OfferBadges } from './offer-badges';
import classes from './churches.module.css';

const FEWER = `Fewer than ${NETWORK_FIGURES_MIN_MEMBERS}`;

/** /churches/:id (product.md §12): what a church offers, where it is, its figures, and "Contact this church". */
export default function ChurchPage() {
  const { id = '' } = useParams();
  const churchId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  useLive(['churches']);
  const query = useQuery({ ...churchPageOptions(churchId), enabled: churchId > 0 });

  if (churchId === 0 || query.isError) {
    const isGone = churchId === 0 || (isApiRequestError(query.error) && query.error.status === 404);
    return (
      <Page title={isGone ? 'Church not found' : 'Church'} size="md">
        <Text mb="md" role="status">
          {isGone ? CHURCH_NOT_FOUND : 'The church could not be loaded. Please try again.'}
        </Text>
        <AppLink to="/churches">Find a church</AppLink>
      </Page>
    );
  }
  if (query.isPending) {
    return (
      <Page title="Church" size="md">
        <Loader aria-label="Loading the church" />
      </Page>
    );
  }
  return <ChurchView church={query.data} />;
}

function ChurchView({ church }: { church: Church }) {
  const state = stateName(church.state) ?? church.state;
  return (
    <Page title={church.name} documentTitle={`${church.name} | Churches`} size="md">
      <Text mb="xs">
        {church.city}, {state}
        {church.ag ? ` · Assemblies of God${church.agDistrict ? ` (${church.agDistrict})` : ''}` : ''}
      </Text>
      {church.photoUrl ? <img src={church.photoUrl} alt={`${church.name}`} className={classes.photo} width={96} height={96} /> : null}
      <OfferBadges offers={church.offers} label="What the church offers" />
      <Text mt="sm">Services in {church.languages.map(languageLabel).join(', ')}.</Text>

      {church.description ? (
        <section aria-labelledby="ministry-title">
          <Title order={2} size="h3" id="ministry-title" mt="lg" mb="xs">
            Foster-care ministry
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }} maw="65ch">
            {church.description}
          </Text>
        </section>
      ) : null}

      <div className={classes.facts}>
        <section aria-labelledby="where-title">
          <Title order={2} size="h3" id="where-title" mb="xs">
            Where it is
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
              Web site:{' '}
              <Anchor href={church.website} target="_blank" rel="noopener noreferrer">
                {church.website.replace(/^https?:\/\//, '')}
              </Anchor>
            </Text>
          ) : null}
          {church.phone ? (
            <Text mt="xs">
              Office phone: <Anchor href={`tel:${church.phone}`}>{formatPhone(church.phone)}</Anchor>
            </Text>
          ) : null}
          <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
            <Suspense fallback={null}>
              <StateOutline
                state={church.state}
                point={church.mapPoint}
                label={`Map of ${state} with ${church.name} marked near ${church.city}`}
              />
            </Suspense>
          </div>
        </section>
        <section aria-labelledby="figures-title">
          <Title order={2} size="h3" id="figures-title" mb="xs">
            The church in the network
          </Title>
          <dl className={classes.figures}>
            <div>
              <dt>Members</dt>
              <dd data-testid="church-members">{church.figures ? formatCount(church.figures.members) : FEWER}</dd>
            </div>
            <div>
              <dt>Foster families</dt>
              <dd data-testid="church-families">{church.figures ? formatCount(church.figures.fosterFamilies) : 'Not shown'}</dd>
            </div>
            <div>
              <dt>Children in their care</dt>
              <dd data-testid="church-children">{church.figures ? formatCount(church.figures.fosterChildren) : 'Not shown'}</dd>
            </div>
          </dl>
          {church.figures ? null : (
            <Text size="sm" c="dimmed" mt="xs">
              With fewer than {NETWORK_FIGURES_MIN_MEMBERS} members in a church, we do not show its figures, so nobody can be recognised.
            </Text>
          )}
          {/* Its part in the needs board (issue 26): what it committed, for itself or through its members. */}
          <Title order={3} size="h4" mt="md" mb="xs">
            On the needs board
          </Title>
          <dl className={classes.figures}>
            <div>
              <dt>Needs met</dt>
              <dd data-testid="church-needs-met">
                {formatCount(church.needs.met)}{' '}
                <span className={classes.figureNote}>of {formatCount(church.needs.responded)} responded to</span>
              </dd>
            </div>
            <div>
              <dt>Children served</dt>
              <dd data-testid="church-needs-children">
                {church.needs.childrenServed === null ? FEWER : formatCount(church.needs.childrenServed)}
              </dd>
            </div>
            <div>
              <dt>Value committed</dt>
              <dd data-testid="church-needs-value">${formatCount(church.needs.valueCommitted)}</dd>
            </div>
            {/* Care teams (issue 27): each stands for a family, so 1 or 2 is "fewer than 3". */}
            <div>
              <dt>Care teams</dt>
              <dd data-testid="church-care-teams">
                {church.careTeams === null ? FEWER : church.careTeams === 0 ? 'None yet' : formatCount(church.careTeams)}
              </dd>
            </div>
          </dl>
        </section>
      </div>

      <section aria-labelledby="contact-title">
        <Title order={2} size="h3" id="contact-title" mb="xs">
          Contact this church
        </Title>
        <Text mb="md" maw="62ch">
          Your message goes to the people who keep this church’s page, by email. They answer you at your address; theirs stays private until
          they do.
        </Text>
        <FormCard>
          <ContactForm label="Contact this church" asMember send={(input) => contactChurch(church.id, input)} />
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
