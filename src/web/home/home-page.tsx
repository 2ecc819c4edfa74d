import { Trans, useLingui } from '@lingui/react';
import { Suspense, type ComponentType, type CSSProperties } from 'react';
import { BRAND, INVOLVEMENT_AREAS, type InvolvementArea } from '../../shared/brand';
import { NETWORK_GOAL, NETWORK_TARGET_PERCENT } from '../../shared/states';
import { AppLink } from '../app/navigation';
import { ButtonLabel, buttonProps, containerProps } from '../app/plain';
import { useDocumentTitle } from '../app/use-document-title';
import { useMe } from '../lib/me-query';
import { MapPlaceholder, StateMapSection } from '../map';
import { DonateIcon, HomeIcon, SpeakUpIcon, SupportIcon } from './area-icons';
import { HeadlineFigures } from './headline-figures';
import { NeedsBand } from './needs-band';
import { NetworkProgress } from './network-progress';
import { useNearViewport } from './use-near-viewport';
import { Illustration } from '../illustrations';
import classes from './home-page.module.css';

// The map's shapes are the heaviest part of the page: their own chunk, fetched when the visitor nears it.
// Headings, paragraphs and the ZIP field are plain elements styled here, not Mantine's Title, Text and
// TextInput: the header needs Mantine's buttons anyway, but not its inputs, and the first visit loads less
// (decision 046).

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
/** Where each area is acted on now (English, the catalog's ids). */
const AREA_LINKS: Record<InvolvementArea['key'], { to: string; label: string }[]> = {
  speak: [{ to: '/resources', label: /*i18n*/ 'Resources and fact sheets to share' }],
  donate: [{ to: '/needs', label: /*i18n*/ 'See the needs near you' }],
  support: [
    { to: '/churches', label: /*i18n*/ 'Find a church near you' },
    { to: '/care', label: /*i18n*/ 'Care teams' },
  ],
  home: [{ to: '/open-your-home', label: /*i18n*/ 'How to become a foster parent in your state' }],
};
const AREAS = INVOLVEMENT_AREAS.map((area) => ({ ...area, ...AREA_LOOK[area.key], links: AREA_LINKS[area.key] }));

export default function HomePage() {
  useDocumentTitle(undefined);
  const { i18n } = useLingui();
  const me = useMe();
  const [mapRef, isMapNear, showMap] = useNearViewport<HTMLDivElement>();

  return (
    <>
      <section className={classes.hero} aria-labelledby="home-title">
        <div {...containerProps('lg', classes.heroInner)}>
          <div>
            <p className={classes.eyebrow}>{i18n._('Churches caring for children in foster care')}</p>
            <h1 id="home-title" className={classes.heroTitle} tabIndex={-1} data-page-heading>
              <Trans id="Every child deserves a <0>family</0> that stays." components={{ 0: <em /> }} />
            </h1>
            <p className={classes.lead}>
              {i18n._(
                'We are a network of Assemblies of God churches, ministries and families working together so that no child in foster care, and no family caring for one, has to go it alone.',
              )}
            </p>
            {me ? null : (
              <AppLink to="/signup" {...buttonProps({ color: 'salmon', size: 'lg', round: true })}>
                <ButtonLabel>{i18n._('Join the network')}</ButtonLabel>
              </AppLink>
            )}
          </div>
          <Illustration name="hero" className={classes.heroIllustration} />
        </div>
      </section>

      <div {...containerProps('lg')}>
        <HeadlineFigures />
        <NetworkProgress />
        <NeedsBand />
        <FindChurchBox />
      </div>

      <section className={classes.section} aria-labelledby="map-title">
        <div {...containerProps('lg')}>
          <h2 id="map-title" className={classes.sectionTitle}>
            {i18n._('Children in foster care, state by state')}
          </h2>
          <p className={`${classes.text} ${classes.mapIntro}`}>
            {i18n._(
              "Choose a state to see how many children are in foster care there and the network's target for it: {percent}% of them, rounded up. Each state has a fact sheet to print and share.",
              { percent: NETWORK_TARGET_PERCENT },
            )}
          </p>
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
                <h3 id="map-prompt-title" className={classes.cardTitle}>
                  {i18n._('Is your church ready to help in your state?')}
                </h3>
                <p className={classes.text}>{i18n._("Sign up to join the network and count toward your state's target.")}</p>
              </div>
              <AppLink to="/signup" {...buttonProps({ color: 'teal', round: true })}>
                <ButtonLabel>{i18n._('Join the network')}</ButtonLabel>
              </AppLink>
            </aside>
          )}
        </div>
      </section>

      <section className={classes.section} aria-labelledby="why-churches">
        <div {...containerProps('lg')}>
          <h2 id="why-churches" className={classes.sectionTitle}>
            {i18n._('Why churches?')}
          </h2>
          <p className={`${classes.text} ${classes.measure}`}>
            {i18n._(
              'Assemblies of God churches are about one in twenty evangelical churches in the U.S. If each cares for its share, one in twenty children in foster care is covered: that is our goal of about {goal}.',
              { goal: i18n.number(NETWORK_GOAL) },
            )}
          </p>
          <div className={classes.problems}>
            <div className={classes.problem}>
              <h3 className={classes.cardTitle}>{i18n._('Too few families')}</h3>
              <p className={classes.text}>{i18n._('There are not enough foster and adoptive homes for the children who need one.')}</p>
            </div>
            <div className={classes.problem}>
              <h3 className={classes.cardTitle}>{i18n._('Families give up')}</h3>
              <p className={classes.text}>
                {i18n._('About half of foster families stop within their first year, most often worn out and alone.')}
              </p>
            </div>
          </div>
          <p className={`${classes.text} ${classes.measure} ${classes.strong}`}>
            {i18n._('Churches have both answers: families who can open their homes, and people around them ready to help.')}
          </p>
        </div>
      </section>

      <section className={`${classes.section} ${classes.tinted}`} aria-labelledby="get-involved">
        <div {...containerProps('lg')}>
          <h2 id="get-involved" className={classes.sectionTitle}>
            {i18n._('Four ways to get involved')}
          </h2>
          <ol className={classes.areas}>
            {AREAS.map(({ Icon, ...area }) => (
              <li key={area.title} className={classes.area} style={accent(area.color, area.textColor)}>
                <Illustration name={area.key} className={classes.areaIllustration} />
                <h3 className={classes.cardTitle}>
                  <span className={classes.areaIcon}>
                    <Icon />
                  </span>
                  {i18n._(area.title)}
                </h3>
                <p className={classes.text}>{i18n._(area.text)}</p>
                <ul className={classes.areaLinks}>
                  {area.links.map((link) => (
                    <li key={link.to}>
                      <AppLink to={link.to} className={classes.areaLink}>
                        {i18n._(link.label)}
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {me ? null : (
        <section className={classes.join} aria-labelledby="join-title">
          <div {...containerProps('sm')}>
            <h2 id="join-title" className={`${classes.sectionTitle} ${classes.joinTitle}`}>
              {i18n._('Join the network')}
            </h2>
            <p className={classes.joinText}>
              {i18n._(
                'Sign up to connect your church or family with others across the country who are caring for children in foster care.',
              )}
            </p>
            <AppLink to="/signup" {...buttonProps({ color: 'salmon', size: 'lg', round: true })}>
              <ButtonLabel>{i18n._('Sign Up')}</ButtonLabel>
            </AppLink>
          </div>
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
        <h2 id="find-church-title" className={classes.findChurchTitle}>
          {i18n._('Find a church near you')}
        </h2>
        <p className={classes.text}>
          {i18n._('Churches of the network that help children in foster care and the families who care for them.')}
        </p>
      </div>
      <form method="get" action="/churches" className={classes.findChurchForm} aria-labelledby="find-church-title">
        <div className={classes.field}>
          <label htmlFor="find-church-zip" className={classes.label}>
            {i18n._('ZIP code')}
            <span className={classes.required} aria-hidden="true">
              {' *'}
            </span>
          </label>
          <input
            id="find-church-zip"
            name="zip"
            type="text"
            className={classes.input}
            inputMode="numeric"
            autoComplete="postal-code"
            pattern="[0-9]{5}(-[0-9]{4})?"
            title={i18n._('Five digits, like 65802')}
            maxLength={10}
            required
          />
        </div>
        <button type="submit" {...buttonProps({ color: 'teal' })}>
          <ButtonLabel>{i18n._('Find churches')}</ButtonLabel>
        </button>
      </form>
    </section>
  );
}
