import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { Alert, Button, Checkbox, Group, NativeSelect, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  CHURCH_DEFAULT_RADIUS,
  CHURCH_LANGUAGE_CODES,
  CHURCH_LANGUAGES,
  CHURCH_OFFER_CODES,
  CHURCH_OFFERS,
  CHURCH_RADII,
  languageLabel,
  type ChurchLanguage,
  type ChurchListing,
  type ChurchOffer,
  type ChurchRadius,
} from '../../shared/churches';
import { STATE_CODES, stateName, US_STATES, type StateCode } from '../../shared/states';
import { AppLink } from '../app/navigation';
import { Page } from '../app/page';
import { isApiRequestError } from '../lib/api';
import { useLive } from '../live';
import { churchSearchOptions, type ChurchSearch } from './churches-api';
import { OfferBadges } from './offer-badges';
import classes from './churches.module.css';

/** The search the address holds (shareable), or null when it holds none yet. */
function searchOf(params: URLSearchParams): ChurchSearch | null {
  const offers = (params.get('offers') ?? '')
    .split(',')
    .filter((o): o is ChurchOffer => (CHURCH_OFFER_CODES as readonly string[]).includes(o));
  const lang = params.get('language') ?? '';
  const language = (CHURCH_LANGUAGE_CODES as readonly string[]).includes(lang) ? (lang as ChurchLanguage) : '';
  const zip = params.get('zip')?.trim();
  if (zip) {
    const radius = Number(params.get('radius'));
    return {
      by: 'zip',
      zip,
      radius: (CHURCH_RADII as readonly number[]).includes(radius) ? (radius as ChurchRadius) : CHURCH_DEFAULT_RADIUS,
      offers,
      language,
    };
  }
  const state = params.get('state')?.toUpperCase();
  if (state && (STATE_CODES as readonly string[]).includes(state)) return { by: 'state', state: state as StateCode, offers, language };
  return null;
}

function paramsOf(search: ChurchSearch): Record<string, string> {
  const filters = {
    ...(search.offers.length ? { offers: search.offers.join(',') } : {}),
    ...(search.language ? { language: search.language } : {}),
  };
  return search.by === 'zip' ? { zip: search.zip, radius: String(search.radius), ...filters } : { state: search.state, ...filters };
}

/** /churches (product.md §12): near a ZIP code within a radius, or in a state; filtered by offers and language. */
export default function FinderPage() {
  const [params, setParams] = useSearchParams();
  const search = searchOf(params);
  useLive(['churches']);
  const found = useQuery({ ...churchSearchOptions(search!), enabled: search !== null });
  const fieldErrors = isApiRequestError(found.error) ? found.error.fieldErrors : undefined;

  return (
    <Page title="Find a church" size="md">
      <Text mb="lg" maw="62ch">
        Churches of the network that care for children in foster care and the families who open their homes. Search near a ZIP code or in a
        state, and choose what you are looking for.
      </Text>
      {/* Each new address starts the form from it (a search shared as a link, the landing page's box). */}
      <SearchForm key={params.toString()} search={search} zipError={fieldErrors?.zip} onSearch={(s) => setParams(paramsOf(s))} />
      <section aria-labelledby="results-title" className={classes.results}>
        <Title order={2} id="results-title" size="h3" mb="sm">
          Churches found
        </Title>
        {search === null ? (
          <Text c="dimmed">Enter a ZIP code or choose a state to see churches.</Text>
        ) : found.isPending ? (
          <Text role="status">Searching…</Text>
        ) : found.isError ? (
          fieldErrors?.zip ? (
            <Text c="dimmed">Check the ZIP code above.</Text>
          ) : (
            <Alert color="red" variant="light">
              {isApiRequestError(found.error) && found.error.status < 500 ? found.error.message : 'The search failed. Please try again.'}
            </Alert>
          )
        ) : (
          <Results search={search} churches={found.data.churches} total={found.data.total} origin={found.data.origin} />
        )}
      </section>
    </Page>
  );
}

type SearchFormProps = { search: ChurchSearch | null; zipError: string | undefined; onSearch: (search: ChurchSearch) => void };

function SearchForm({ search, zipError, onSearch }: SearchFormProps) {
  const [by, setBy] = useState<'zip' | 'state'>(search?.by ?? 'zip');
  const [zip, setZip] = useState(search?.by === 'zip' ? search.zip : '');
  const [radius, setRadius] = useState<ChurchRadius>(search?.by === 'zip' ? search.radius : CHURCH_DEFAULT_RADIUS);
  const [state, setState] = useState<StateCode | ''>(search?.by === 'state' ? search.state : '');
  const [offers, setOffers] = useState<ChurchOffer[]>(search?.offers ?? []);
  const [language, setLanguage] = useState<ChurchLanguage | ''>(search?.language ?? '');
  const [missing, setMissing] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (by === 'zip' && !zip.trim()) return setMissing('Enter a ZIP code');
    if (by === 'state' && !state) return setMissing('Choose a state');
    setMissing(null);
    onSearch(by === 'zip' ? { by, zip: zip.trim(), radius, offers, language } : { by, state: state as StateCode, offers, language });
  }

  return (
    <form onSubmit={onSubmit} aria-label="Search churches" className={classes.form}>
      <Stack gap="md">
        <Radio.Group
          label="Search"
          value={by}
          onChange={(v) => {
            setBy(v);
            setMissing(null);
          }}
        >
          <Group mt={6}>
            <Radio value="zip" label="Near a ZIP code" />
            <Radio value="state" label="In a state" />
          </Group>
        </Radio.Group>
        {by === 'zip' ? (
          <Group align="flex-start" grow preventGrowOverflow={false}>
            <TextInput
              label="ZIP code"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={10}
              value={zip}
              onChange={(e) => setZip(e.currentTarget.value)}
              error={(missing && by === 'zip' ? missing : null) ?? zipError}
            />
            <NativeSelect
              label="Within"
              value={String(radius)}
              onChange={(e) => setRadius(Number(e.currentTarget.value) as ChurchRadius)}
              data={CHURCH_RADII.map((r) => ({ value: String(r), label: `${r} miles` }))}
            />
          </Group>
        ) : (
          <NativeSelect
            label="State"
            value={state}
            onChange={(e) => setState(e.currentTarget.value as StateCode)}
            error={missing && by === 'state' ? missing : null}
            data={[{ value: '', label: 'Choose a state' }, ...US_STATES.map((s) => ({ value: s.code, label: s.name }))]}
          />
        )}
        <Checkbox.Group
          label="What the church offers"
          description="Churches that offer every one you check"
          value={offers}
          onChange={(v) => setOffers(v)}
        >
          <div className={classes.offers}>
            {CHURCH_OFFERS.map((o) => (
              <Checkbox key={o.code} value={o.code} label={o.label} />
            ))}
          </div>
        </Checkbox.Group>
        <NativeSelect
          label="Language of services"
          value={language}
          onChange={(e) => setLanguage(e.currentTarget.value as ChurchLanguage | '')}
          data={[{ value: '', label: 'Any language' }, ...CHURCH_LANGUAGES.map((l) => ({ value: l.code, label: l.label }))]}
        />
        <Group>
          <Button type="submit">Search</Button>
        </Group>
      </Stack>
    </form>
  );
}

type ResultsProps = {
  search: ChurchSearch;
  churches: ChurchListing[];
  total: number;
  origin: { zip: string; city: string; state: StateCode } | null;
};

function Results({ search, churches, total, origin }: ResultsProps) {
  const where =
    search.by === 'zip' && origin
      ? `within ${search.radius} miles of ${origin.zip} (${origin.city}, ${origin.state})`
      : `in ${stateName(search.by === 'state' ? search.state : '') ?? ''}`;
  if (churches.length === 0) {
    return (
      <Text role="status">
        No churches of the network {where}
        {search.offers.length || search.language ? ' with what you chose' : ''} yet.{' '}
        {search.by === 'zip' && search.radius < 100 ? 'Try a larger distance, or fewer choices.' : 'Try fewer choices.'}
      </Text>
    );
  }
  return (
    <>
      <Text role="status" mb="md">
        {total === 1 ? '1 church' : `${total} churches`} {where}
        {total > churches.length ? `; the ${search.by === 'zip' ? 'nearest' : 'first'} ${churches.length} are shown` : ''}.
      </Text>
      <ul className={classes.list}>
        {churches.map((church) => (
          <li key={church.id}>
            <ChurchCard church={church} />
          </li>
        ))}
      </ul>
    </>
  );
}

function ChurchCard({ church }: { church: ChurchListing }) {
  return (
    <article className={classes.card} aria-labelledby={`church-${church.id}`}>
      {church.photoUrl ? <img src={church.photoUrl} alt="" className={classes.photo} width={96} height={96} loading="lazy" /> : null}
      <div className={classes.cardBody}>
        <Title order={3} size="h4" id={`church-${church.id}`}>
          <AppLink to={`/churches/${church.id}`} className={classes.name}>
            {church.name}
          </AppLink>
        </Title>
        <Text size="sm">
          {church.distanceMiles !== null ? <strong>{church.distanceMiles.toFixed(1)} miles · </strong> : null}
          {church.city}, {church.state} {church.zip}
          {church.ag ? ' · Assemblies of God' : ''}
        </Text>
        <Text size="sm" c="dimmed">
          Services in {church.languages.map(languageLabel).join(', ')}
        </Text>
        <OfferBadges offers={church.offers} label="Offers" />
      </div>
    </article>
  );
}
