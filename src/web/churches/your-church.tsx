import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
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
  SimpleGrid,
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
import { churchProposalSchema, type ChurchListing } from '../../shared/churches';
import { FormAlert } from '../app/form-alert';
import { isApiRequestError } from '../lib/api';
import { useSchemaForm } from '../lib/use-schema-form';
import { useLive } from '../live';
import { myChurchQueryOptions, useClaimChurch, useLeaveChurch, usePickChurches, useProposeChurch } from './church-members-api';
import { CHECK_FIELDS, STATE_OPTIONS } from './state-options';

const STATUS_LABEL = { claimed: 'waiting for confirmation', confirmed: 'confirmed' } as const;

/** Where a church is, as lists say it: "Springfield, MO · 3.2 miles". */
export function placeOf(church: Pick<ChurchListing, 'city' | 'state' | 'distanceMiles'>) {
  const where = `${church.city}, ${church.state}`;
  return church.distanceMiles === null ? where : `${where} · ${church.distanceMiles} miles`;
}

/**
 * "Your church" on /update-profile (issue 25): the church the member says they belong to (picked by name or ZIP
 * code from the network's churches), its status, and a way to propose one that is not listed. Saved apart from
 * the profile form: each choice is saved at once.
 */
export function YourChurch({ hasProfile }: { hasProfile: boolean }) {
  useLive(['churches']);
  const query = useQuery(myChurchQueryOptions);
  const [error, setError] = useState<string>();
  const [isChanging, setChanging] = useState(false);
  const [isProposing, setProposing] = useState(false);
  const leave = useLeaveChurch({ onError: () => setError('Your church could not be removed. Please try again.') });
  const mine = query.data?.church ?? null;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" mt="xl" component="section" aria-labelledby="your-church-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="your-church-title">
          Your church
        </Title>
        <FormAlert message={error} />
        {query.isPending ? (
          <Loader size="sm" aria-label="Loading your church" />
        ) : query.isError ? (
          <Text c="red.9">Your church could not be loaded. Please reload the page.</Text>
        ) : mine && !isChanging ? (
          <CurrentChurch mine={mine} onChange={() => setChanging(true)} onRemove={() => leave.mutate()} isRemoving={leave.isPending} />
        ) : (
          <>
            <Text size="sm">Find your church among the network’s churches by its name or by a ZIP code near it.</Text>
            <ChurchPicker
              onPicked={() => {
                setChanging(false);
                setError(undefined);
              }}
              onError={setError}
            />
            <Group gap="md">
              {mine ? (
                <Button variant="subtle" onClick={() => setChanging(false)}>
                  Keep {mine.listing.name}
                </Button>
              ) : null}
              <Button variant="outline" onClick={() => setProposing(true)} disabled={!hasProfile}>
                Propose a church that is not listed
              </Button>
            </Group>
            {hasProfile ? null : (
              <Text size="sm" c="dimmed">
                Save your profile first to propose a church.
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
  const waitsForApproval = mine.churchStatus === 'proposed';
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Text fw={700}>{mine.listing.name}</Text>
        <Badge color={mine.status === 'confirmed' ? 'teal.9' : 'gray.7'} variant="filled">
          {STATUS_LABEL[mine.status]}
        </Badge>
      </Group>
      <Text size="sm">{placeOf(mine.listing)}</Text>
      {waitsForApproval ? (
        <Text size="sm" c="dimmed">
          You proposed this church: it joins the network once an admin approves it.
        </Text>
      ) : mine.status === 'claimed' ? (
        <Text size="sm" c="dimmed">
          A point person of the church will confirm that you belong to it.
        </Text>
      ) : null}
      <Group gap="md">
        <Button variant="outline" size="sm" onClick={onChange}>
          Choose another church
        </Button>
        <Button variant="outline" color="red.9" size="sm" onClick={onRemove} loading={isRemoving}>
          Remove my church
        </Button>
      </Group>
    </Stack>
  );
}

/** A search box with the churches it finds listed under it, each with a button to pick it. */
function ChurchPicker({ onPicked, onError }: { onPicked: () => void; onError: (message: string) => void }) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const found = usePickChurches(q);
  const resultsId = useId();
  const claim = useClaimChurch({
    onSuccess: onPicked,
    onError: (error) => onError(isApiRequestError(error) ? error.message : 'Your church could not be saved. Please try again.'),
  });
  const churches = found.data?.churches ?? [];
  return (
    <Stack gap="sm">
      <TextInput
        label="Find your church"
        description="By its name (for example “Central Assembly”) or a ZIP code near it"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={100}
        aria-controls={resultsId}
        autoComplete="off"
      />
      <div id={resultsId} aria-live="polite">
        {q.length < 2 ? null : found.isFetching && !found.data ? (
          <Loader size="sm" aria-label="Looking for churches" />
        ) : found.isError ? (
          <Text size="sm" c="red.9">
            {isApiRequestError(found.error) ? found.error.message : 'The churches could not be searched. Please try again.'}
          </Text>
        ) : churches.length === 0 ? (
          <Text size="sm">No church of the network matches “{q}”. You can propose it below.</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Churches found">
            {churches.map((church) => (
              <Group key={church.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <div>
                  <Text fw={600}>{church.name}</Text>
                  <Text size="sm">{placeOf(church)}</Text>
                </div>
                <Button
                  size="xs"
                  onClick={() => claim.mutate(church.id)}
                  loading={claim.isPending && claim.variables === church.id}
                  aria-label={`${church.name} is my church`}
                >
                  This is my church
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
  return (
    <Stack gap={4}>
      <Text fw={700} size="sm">
        Churches you keep
      </Text>
      {keeps.map((k) => (
        <Anchor key={k.id} component={Link} to={`/churches/${k.id}/manage`} size="sm">
          Manage {k.name}
          {k.status === 'proposed' ? ' (waiting for approval)' : ''}
        </Anchor>
      ))}
    </Stack>
  );
}

type ProposalValues = { name: string; city: string; state: string; zip: string; ag: string; pointPerson: boolean };
const EMPTY_PROPOSAL: ProposalValues = { name: '', city: '', state: '', zip: '', ag: '', pointPerson: false };
const proposalInput = (v: ProposalValues) => ({ ...v, ag: v.ag === '' ? undefined : v.ag === 'Yes' });

function ProposeChurchModal({ opened, onClose, onProposed }: { opened: boolean; onClose: () => void; onProposed: () => void }) {
  const f = useSchemaForm({
    schema: churchProposalSchema,
    initialValues: EMPTY_PROPOSAL,
    toInput: proposalInput,
    invalidMessage: CHECK_FIELDS,
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
          ? 'The church could not be proposed. Please try again.'
          : error.fieldErrors
            ? CHECK_FIELDS
            : error.message,
      ),
  });
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size="lg">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>Propose a church</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <FormAlert message={f.formError} />
          <form {...f.formProps((data) => propose.mutate(data))} aria-label="Propose a church">
            <Stack gap="md">
              <Text size="sm">An admin looks at each proposal before the church joins the network. It becomes your church meanwhile.</Text>
              <TextInput label="Church name" required withAsterisk maxLength={120} {...f.field('name')} />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label="City" required withAsterisk maxLength={80} {...f.field('city')} />
                <NativeSelect label="State" required withAsterisk data={STATE_OPTIONS} {...f.field('state')} />
                <TextInput label="ZIP code" required withAsterisk inputMode="numeric" maxLength={10} {...f.field('zip')} />
              </SimpleGrid>
              <Radio.Group label="Is it an Assemblies of God church?" required withAsterisk {...f.field('ag')}>
                <Group gap="xl" mt={6}>
                  <Radio value="Yes" label="Yes" />
                  <Radio value="No" label="No" />
                </Group>
              </Radio.Group>
              <Checkbox label="I will keep its page (its point person)" {...f.field('pointPerson', { type: 'checkbox' })} />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={propose.isPending}>
                  Propose the church
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
