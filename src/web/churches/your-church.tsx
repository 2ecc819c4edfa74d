import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { MyChurch } from '../../shared/church-members';
import { CHURCH_NAME_MAX, CHURCH_CITY_MAX, churchProposalSchema, type ChurchListing } from '../../shared/churches';
import { FormAlert } from '../app/form-alert';
import { isApiRequestError } from '../lib/api';
import { useSchemaForm } from '../lib/use-schema-form';
import { useLive } from '../live';
import { myChurchQueryOptions, useClaimChurch, useLeaveChurch, usePickChurches, useProposeChurch } from './church-members-api';
import { CHECK_FIELDS, useStateOptions } from './state-options';
import classes from './churches.module.css';
import { SimpleGrid } from '../app/simple-grid';

/** Buttons whose words may be long wrap (see the CSS). */
const WRAP = { root: classes.wrapButton, label: classes.wrapLabel };

const STATUS_LABEL = { claimed: /*i18n*/ 'waiting for confirmation', confirmed: /*i18n*/ 'confirmed' } as const;

/** Where a church is, as lists say it: "Springfield, MO · 3.2 miles" (the distance in the page's language). */
export function placeOf(church: Pick<ChurchListing, 'city' | 'state' | 'distanceMiles'>, i18n: I18n) {
  const where = `${church.city}, ${church.state}`;
  return church.distanceMiles === null ? where : `${where} · ${i18n._('{miles} miles', { miles: i18n.number(church.distanceMiles) })}`;
}

/**
 * "Your church" on /update-profile (issue 25): the church the member says they belong to (picked by name or ZIP
 * code from the network's churches), its status, and a way to propose one that is not listed. Saved apart from
 * the profile form: each choice is saved at once.
 */
export function YourChurch({ hasProfile }: { hasProfile: boolean }) {
  const { i18n } = useLingui();
  useLive(['churches']);
  const query = useQuery(myChurchQueryOptions);
  const [error, setError] = useState<string>();
  const [isChanging, setChanging] = useState(false);
  const [isProposing, setProposing] = useState(false);
  const leave = useLeaveChurch({ onError: () => setError(i18n._('Your church could not be removed. Please try again.')) });
  const mine = query.data?.church ?? null;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" mt="xl" component="section" aria-labelledby="your-church-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="your-church-title">
          {i18n._('Your church')}
        </Title>
        <FormAlert message={error} />
        {query.isPending ? (
          <Loader size="sm" aria-label={i18n._('Loading your church')} />
        ) : query.isError ? (
          <Text c="red.9">{i18n._('Your church could not be loaded. Please reload the page.')}</Text>
        ) : mine && !isChanging ? (
          <CurrentChurch mine={mine} onChange={() => setChanging(true)} onRemove={() => leave.mutate()} isRemoving={leave.isPending} />
        ) : (
          <>
            <Text size="sm">{i18n._('Find your church among the network’s churches by its name or by a ZIP code near it.')}</Text>
            <ChurchPicker
              onPicked={() => {
                setChanging(false);
                setError(undefined);
              }}
              onError={setError}
            />
            <Group gap="md">
              {mine ? (
                <Button variant="subtle" onClick={() => setChanging(false)} classNames={WRAP}>
                  {i18n._('Keep {name}', { name: mine.listing.name })}
                </Button>
              ) : null}
              <Button variant="outline" onClick={() => setProposing(true)} disabled={!hasProfile} classNames={WRAP}>
                {i18n._('Propose a church that is not listed')}
              </Button>
            </Group>
            {hasProfile ? null : (
              <Text size="sm" c="dimmed">
                {i18n._('Save your profile first to propose a church.')}
              </Text>
            )}
          </>
        )}
        {query.data && query.data.keeps.length > 0 ? <KeptChurches keeps={query.data.keeps} /> : null}
      </Stack>
      <ProposeChurchModal
        opened={isProposing}
        onClose={() => setProposing(false)}
        onProposed={() => {
          setProposing(false);
          setChanging(false);
        }}
      />
    </Paper>
  );
}

function CurrentChurch({
  mine,
  onChange,
  onRemove,
  isRemoving,
}: {
  mine: NonNullable<MyChurch['church']>;
  onChange: () => void;
  onRemove: () => void;
  isRemoving: boolean;
}) {
  const { i18n } = useLingui();
  const waitsForApproval = mine.churchStatus === 'proposed';
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Text fw={700}>{mine.listing.name}</Text>
        <Badge color={mine.status === 'confirmed' ? 'teal.9' : 'gray.7'} variant="filled">
          {i18n._(STATUS_LABEL[mine.status])}
        </Badge>
      </Group>
      <Text size="sm">{placeOf(mine.listing, i18n)}</Text>
      {waitsForApproval ? (
        <Text size="sm" c="dimmed">
          {i18n._('You proposed this church: it joins the network once an admin approves it.')}
        </Text>
      ) : mine.status === 'claimed' ? (
        <Text size="sm" c="dimmed">
          {i18n._('A point person of the church will confirm that you belong to it.')}
        </Text>
      ) : null}
      <Group gap="md">
        <Button variant="outline" size="sm" onClick={onChange} classNames={WRAP}>
          {i18n._('Choose another church')}
        </Button>
        <Button variant="outline" color="red.9" size="sm" onClick={onRemove} loading={isRemoving} classNames={WRAP}>
          {i18n._('Remove my church')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A search box with the churches it finds listed under it, each with a button to pick it. */
function ChurchPicker({ onPicked, onError }: { onPicked: () => void; onError: (message: string) => void }) {
  const { i18n } = useLingui();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const found = usePickChurches(q);
  const resultsId = useId();
  const claim = useClaimChurch({
    onSuccess: onPicked,
    onError: (error) => onError(isApiRequestError(error) ? error.message : i18n._('Your church could not be saved. Please try again.')),
  });
  const churches = found.data?.churches ?? [];
  return (
    <Stack gap="sm">
      <TextInput
        label={i18n._('Find your church')}
        description={i18n._('By its name (for example “Central Assembly”) or a ZIP code near it')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={100}
        aria-controls={resultsId}
        autoComplete="off"
      />
      <div id={resultsId} aria-live="polite">
        {q.length < 2 ? null : found.isFetching && !found.data ? (
          <Loader size="sm" aria-label={i18n._('Looking for churches')} />
        ) : found.isError ? (
          <Text size="sm" c="red.9">
            {isApiRequestError(found.error) ? found.error.message : i18n._('The churches could not be searched. Please try again.')}
          </Text>
        ) : churches.length === 0 ? (
          <Text size="sm">{i18n._('No church of the network matches “{q}”. You can propose it below.', { q })}</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={i18n._('Churches found')}>
            {churches.map((church) => (
              <Group key={church.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <div>
                  <Text fw={600}>{church.name}</Text>
                  <Text size="sm">{placeOf(church, i18n)}</Text>
                </div>
                <Button
                  size="xs"
                  onClick={() => claim.mutate(church.id)}
                  loading={claim.isPending && claim.variables === church.id}
                  aria-label={i18n._('{name} is my church', { name: church.name })}
                >
                  {i18n._('This is my church')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}

function KeptChurches({ keeps }: { keeps: MyChurch['keeps'] }) {
  const { i18n } = useLingui();
  return (
    <Stack gap={4}>
      <Text fw={700} size="sm">
        {i18n._('Churches you keep')}
      </Text>
      {keeps.map((k) => (
        <Anchor key={k.id} component={Link} to={`/churches/${k.id}/manage`} size="sm">
          {k.status === 'proposed'
            ? i18n._('Manage {name} (waiting for approval)', { name: k.name })
            : i18n._('Manage {name}', { name: k.name })}
        </Anchor>
      ))}
    </Stack>
  );
}

type ProposalValues = { name: string; city: string; state: string; zip: string; ag: string; pointPerson: boolean };
const EMPTY_PROPOSAL: ProposalValues = { name: '', city: '', state: '', zip: '', ag: '', pointPerson: false };
const proposalInput = (v: ProposalValues) => ({ ...v, ag: v.ag === '' ? undefined : v.ag === 'Yes' });

function ProposeChurchModal({ opened, onClose, onProposed }: { opened: boolean; onClose: () => void; onProposed: () => void }) {
  const { i18n } = useLingui();
  const stateOptions = useStateOptions();
  const f = useSchemaForm({
    schema: churchProposalSchema,
    initialValues: EMPTY_PROPOSAL,
    toInput: proposalInput,
    invalidMessage: i18n._(CHECK_FIELDS),
  });
  const propose = useProposeChurch({
    onSuccess: () => {
      f.reset(EMPTY_PROPOSAL);
      onProposed();
    },
    // A note beside a field says what is wrong there; the message above the form says where to look.
    onError: (error) =>
      f.failWith(
        error,
        !isApiRequestError(error)
          ? i18n._('The church could not be proposed. Please try again.')
          : error.fieldErrors
            ? i18n._(CHECK_FIELDS)
            : error.message,
      ),
  });
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size="lg">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{i18n._('Propose a church')}</Modal.Title>
          <Modal.CloseButton aria-label={i18n._('Close')} />
        </Modal.Header>
        <Modal.Body>
          <FormAlert message={f.formError} />
          <form {...f.formProps((data) => propose.mutate(data))} aria-label={i18n._('Propose a church')}>
            <Stack gap="md">
              <Text size="sm">
                {i18n._('An admin looks at each proposal before the church joins the network. It becomes your church meanwhile.')}
              </Text>
              <TextInput label={i18n._('Church name')} required withAsterisk maxLength={CHURCH_NAME_MAX} {...f.field('name')} />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label={i18n._('City')} required withAsterisk maxLength={CHURCH_CITY_MAX} {...f.field('city')} />
                <NativeSelect label={i18n._('State')} required withAsterisk data={stateOptions} {...f.field('state')} />
                <TextInput label={i18n._('ZIP code')} required withAsterisk inputMode="numeric" maxLength={10} {...f.field('zip')} />
              </SimpleGrid>
              <Radio.Group label={i18n._('Is it an Assemblies of God church?')} required withAsterisk {...f.field('ag')}>
                <Group gap="xl" mt={6}>
                  <Radio value="Yes" label={i18n._('Yes')} />
                  <Radio value="No" label={i18n._('No')} />
                </Group>
              </Radio.Group>
              <Checkbox label={i18n._('I will keep its page (its point person)')} {...f.field('pointPerson', { type: 'checkbox' })} />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  {i18n._('Cancel')}
                </Button>
                <Button type="submit" loading={propose.isPending}>
                  {i18n._('Propose the church')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
