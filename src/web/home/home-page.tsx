import { Trans, useLingui } from '@lingui/react';
import { Button, Container, Text, TextInput, Title } from '@mantine/core';
import { Suspense, type ComponentType, type CSSProperties } from 'react';
import { BRAND, INVOLVEMENT_AREAS, type InvolvementArea } from '../../shared/brand';
import { NETWORK_GOAL, NETWORK_TARGET_PERCENT } from '../../shared/states';
import { AppLink } from '../app/navigation';
import { useDocumentTitle } from '../app/use-document-title';
import { useMe } from '../lib/me-query';
import { MapPlaceholder, StateMapSection } from '../map';
import { DonateIcon, HomeIcon, SpeakUpIcon, SupportIcon } from './area-icons';
import { HeadlineFigures } from './headline-figures';
import { NeedsBand } from './needs-band';
import { NetworkProgress } from './network-progress';
import { useNearViewport } from './use-near-viewport';
import classes from './home-page.module.css';

// The map's shapes are the heaviest part of the page: their own chunk, fetched when the visitor nears it.

type Accent = CSSProperties & { '--accent': string; '--accent-text': string };
const accent = (color: string, textColor = '#272E2E'): Accent => ({ '--accent': color, '--accent-text': textColor });

// Each area's colour and icon; the words are shared with the printable flyer (src/shared/brand.ts).
const AREA_LOOK: Record<InvolvementArea['key'], { Icon: ComponentType; color: string; textColor?: string }> = {
  speak: { Icon: SpeakUpIcon, color: BRAND.turquoise },
  donate: { Icon: DonateIcon, color: BRAND.mustard },
  support: { Icon: SupportIcon, color: BRAND.salmon },
  // Brand teal is too light behind white text; one shade darker passes 4.5:1.
  home: { Icon: HomeIcon, color: BRAND.tealDark, textColor: '#FFFFFF' },
};
/** Where an area can be acted on now: physical needs and support services are met on the needs board. */
const AREA_LINKS: Partial<Record<InvolvementArea['key'], string>> = { donate: '/needs', support: '/needs' };
const AREAS = INVOLVEMENT_AREAS.map((area) => ({ ...area, ...AREA_LOOK[area.key], to: AREA_LINKS[area.key] }));

export default function HomePage() {
  useDocumentTitle(undefined);
  const { i18n } = useLingui();
  const me = useMe();
  const [mapRef, isMapNear, showMap] = useNearViewport<HTMLDivElement>();

  return (
    <>
      <section className={classes.hero} aria-labelledby="home-title">
        <Container size="lg">
          <p className={classes.eyebrow}>{i18n._('Churches caring for children in foster care')}</p>
          <Title order={1} id="home-title" className={classes.heroTitle} tabIndex={-1} data-page-heading>
            <Trans id="Every child deserves a <0>family</0> that stays." components={{ 0: <em /> }} />
          </Title>
          <Text className={classes.lead}>
            {i18n._(
              'We are a network of Assemblies of God churches, ministries and families working together so that no child in foster care, and no family caring for one, has to go it alone.',
            )}
          </Text>
          {me ? null : (
            <Button component={AppLink} to="/signup" size="lg" radius="xl" color="salmon.5">
              {i18n._('Join the network')}
            </Button>
          )}
        </Container>
      </section>

      <Container size="lg">
        <HeadlineFigures />
        <NetworkProgress />
        <NeedsBand />
        <FindChurchBox />
      </Container>

      <section className={classes.section} aria-labelledby="map-title">
        <Container size="lg">
          <Title order={2} id="map-title" className={classes.sectionTitle}>
            {i18n._('Children in foster care, state by state')}
          </Title>
          <Text maw="62ch" mb="lg">
            {i18n._(
              "Choose a state to see how many children are in foster care there and the network's target for it: {percent}% of them, rounded up. Each state has a fact sheet to print and share.",
              { percent: NETWORK_TARGET_PERCENT },
            )}
          </Text>
          <div ref={mapRef}>
            {isMapNear ? (
              <Suspense fallback={<MapPlaceholder />}>
                <StateMapSection />
              </Suspense>
            ) : (
              <MapPlaceholder onShow={showMap} />
            )}
          </div>
          {me ? null : (
            <aside className={classes.mapPrompt} aria-labelledby="map-prompt-title">
              <div>
                <Title order={3} size="h4" id="map-prompt-title">
                  {i18n._('Is your church ready to help in your state?')}
                </Title>
                <Text>{i18n._("Sign up to join the network and count toward your state's target.")}</Text>
              </div>
              <Button component={AppLink} to="/signup" radius="xl" color="teal.7">
                {i18n._('Join the network')}
              </Button>
            </aside>
          )}
        </Container>
      </section>

      <section className={classes.section} aria-labelledby="why-churches">
        <Container size="lg">
          <Title order={2} id="why-churches" className={classes.sectionTitle}>
            {i18n._('Why churches?')}
          </Title>
          <Text maw="60ch">
            {i18n._(
              'Assemblies of God churches are about one in twenty evangelical churches in the U.S. If each cares for its share, one in twenty children in foster care is covered: that is our goal of about {goal}.',
              { goal: i18n.number(NETWORK_GOAL) },
            )}
          </Text>
          <div className={classes.problems}>
            <div className={classes.problem}>
              <Title order={3} size="h4" mb={4}>
                {i18n._('Too few families')}
              </Title>
              <Text>{i18n._('There are not enough foster and adoptive homes for the children who need one.')}</Text>
            </div>
            <div className={classes.problem}>
              <Title order={3} size="h4" mb={4}>
                {i18n._('Families give up')}
              </Title>
              <Text>{i18n._('About half of foster families stop within their first year, most often worn out and alone.')}</Text>
            </div>
          </div>
          <Text maw="60ch" fw={700}>
            {i18n._('Churches have both answers: families who can open their homes, and people around them ready to help.')}
          </Text>
        </Container>
      </section>

      <section className={`${classes.section} ${classes.tinted}`} aria-labelledby="get-involved">
        <Container size="lg">
          <Title order={2} id="get-involved" className={classes.sectionTitle}>
            {i18n._('Four ways to get involved')}
          </Title>
          <ol className={classes.areas}>
            {AREAS.map(({ Icon, ...area }) => (
              <li key={area.title} className={classes.area} style={accent(area.color, area.textColor)}>
                <span className={classes.areaIcon}>
                  <Icon />
                </span>
                <Title order={3} size="h4" mb="xs">
                  {i18n._(area.title)}
                </Title>
                <Text>{i18n._(area.text)}</Text>
                {area.to ? (
                  <AppLink to={area.to} className={classes.areaLink}>
                    {i18n._('See the needs near you')}
                  </AppLink>
                ) : null}
              </li>
            ))}
          </ol>
        </Container>
      </section>

      {me ? null : (
        <section className={classes.join} aria-labelledby="join-title">
          <Container size="sm">
            <Title order={2} id="join-title" className={classes.joinTitle}>
              {i18n._('Join the network')}
            </Title>
            <p className={classes.joinText}>
              {i18n._(
                'Sign up to connect your church or family with others across the country who are caring for children in foster care.',
              )}
            </p>
            <Button component={AppLink} to="/signup" size="lg" radius="xl" color="salmon.5">
              {i18n._('Sign Up')}
            </Button>
          </Container>
        </section>
      )}
    </>
  );
}

/**
 * "Find a church near you": a plain form that opens /churches?zip=…, so it works on the prerendered landing
 * page before (and without) its JavaScript.
 */
function FindChurchBox() {
  const { i18n } = useLingui();
  return (
    <section className={classes.findChurch} aria-labelledby="find-church-title">
      <div>
        <Title order={2} size="h3" id="find-church-title">
          {i18n._('Find a church near you')}
        </Title>
        <Text>{i18n._('Churches of the network that help children in foster care and the families who care for them.')}</Text>
      </div>
      <form method="get" action="/churches" className={classes.findChurchForm} aria-labelledby="find-church-title">
        <TextInput
          name="zip"
          label={i18n._('ZIP code')}
          inputMode="numeric"
          autoComplete="postal-code"
          pattern="[0-9]{5}(-[0-9]{4})?"
          title={i18n._('Five digits, like 65802')}
          maxLength={10}
          required
        />
        <Button type="submit" color="teal.7">
          {i18n._('Find churches')}
        </Button>
      </form>
    </section>
  );
}
