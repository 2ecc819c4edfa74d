import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { useLingui } from '@lingui/react';
import {
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  CHURCH_MESSAGE_MAX,
  CHURCH_MESSAGE_SUBJECT_MAX,
  churchMemberRoleLabel,
  churchMessageSchema,
  type ChurchManage,
  type ChurchMember,
} from '../../shared/church-members';
import { CHURCH_NOT_FOUND, churchFieldsSchema } from '../../shared/churches';
import { FormAlert } from '../app/form-alert';
import { Page } from '../app/page';
import { isApiRequestError } from '../lib/api';
import { useSchemaForm } from '../lib/use-schema-form';
import { useLive } from '../live';
import { ChurchClearances } from '../clearances';
import { PhotoChooser } from '../profiles';
import {
  manageQueryOptions,
  useConfirmMember,
  useMessageMembers,
  useRemoveChurchPhoto,
  useRemoveMember,
  useUpdateChurch,
  useUploadChurchPhoto,
} from './church-members-api';
import { ChurchFieldInputs, churchFieldsInput, churchFieldValues } from './church-fields';
import { CHECK_FIELDS } from './state-options';

const STATUS_LABEL = {
  proposed: /*i18n*/ 'waiting for approval',
  active: /*i18n*/ 'in the network',
  archived: /*i18n*/ 'archived',
} as const;

/** /churches/:id/manage: the church's point persons (and admins) keep its page and its list of members. */
export default function ManageChurchPage() {
  const { i18n } = useLingui();
  const id = Number(useParams().id);
  useLive(['churches']);
  const query = useQuery({ ...manageQueryOptions(id), enabled: Number.isInteger(id) && id > 0, retry: false });
  return (
    <Page title={i18n._('Manage your church')} size="md">
      {!Number.isInteger(id) || id <= 0 ? (
        <FormAlert message={i18n._(CHURCH_NOT_FOUND)} />
      ) : query.isPending ? (
        <Center py="xl" role="status">
          <Loader color="teal" type="dots" aria-hidden="true" />
          <VisuallyHidden>{i18n._('Loading the church')}</VisuallyHidden>
        </Center>
      ) : query.isError ? (
        <FormAlert
          message={isApiRequestError(query.error) ? query.error.message : i18n._('The church could not be loaded. Please reload the page.')}
        />
      ) : (
        <ManageChurch church={query.data} />
      )}
    </Page>
  );
}

function ManageChurch({ church }: { church: ChurchManage }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="xl">
      <Group gap="sm" wrap="wrap">
        <Title order={2} size="h3">
          {church.fields.name}
        </Title>
        <Badge color={church.status === 'active' ? 'teal.9' : 'gray.7'} variant="filled">
          {i18n._(STATUS_LABEL[church.status])}
        </Badge>
      </Group>
      <Text>
        {i18n._(
          '{members, plural, one {# confirmed member} other {# confirmed members}}, {families, plural, one {# foster family} other {# foster families}}, {children, plural, one {# child in their care} other {# children in their care}}.',
          { members: church.figures.members, families: church.figures.fosterFamilies, children: church.figures.fosterChildren },
        )}
        {church.status === 'active' ? (
          <>
            {' '}
            <Anchor component={Link} to={`/churches/${church.id}`}>
              {i18n._('See the church’s public page')}
            </Anchor>
          </>
        ) : null}
      </Text>
      <Text size="sm">
        {church.pointPersons.length
          ? i18n._('Point persons: {names}', { names: church.pointPersons.map((p) => p.name).join(', ') })
          : i18n._('Point persons: none yet')}
      </Text>
      <Members church={church} />
      <ChurchClearances churchId={church.id} />
      <WriteToMembers church={church} />
      <ChurchPhoto church={church} />
      <ChurchFields church={church} />
    </Stack>
  );
}

/** A titled part of the page; `name` makes its heading's id (the same in every language). */
function Section({ name, title, children }: { name: string; title: string; children: React.ReactNode }) {
  const id = `section-${name}`;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Members({ church }: { church: ChurchManage }) {
  const { i18n } = useLingui();
  const [error, setError] = useState<string>();
  const fail = (error: Error) => setError(isApiRequestError(error) ? error.message : i18n._('That did not work. Please try again.'));
  const confirm = useConfirmMember(church.id, { onError: fail });
  const remove = useRemoveMember(church.id, { onError: fail });
  return (
    <Section name="members" title={i18n._('Members who say they belong')}>
      <FormAlert message={error} />
      {church.members.length === 0 ? (
        <Text size="sm">{i18n._('Nobody has said they belong to this church yet.')}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {church.members.map((m) => (
            <MemberRow
              key={m.uid}
              member={m}
              onConfirm={() => confirm.mutate(m.uid)}
              onRemove={() => remove.mutate(m.uid)}
              isBusy={(confirm.isPending && confirm.variables === m.uid) || (remove.isPending && remove.variables === m.uid)}
            />
          ))}
        </Stack>
      )}
    </Section>
  );
}

function MemberRow({
  member,
  onConfirm,
  onRemove,
  isBusy,
}: {
  member: ChurchMember;
  onConfirm: () => void;
  onRemove: () => void;
  isBusy: boolean;
}) {
  const { i18n } = useLingui();
  const where = [member.city, member.state].filter(Boolean).join(', ');
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="sm">
      <div>
        <Group gap="xs">
          <Text fw={600}>{member.name}</Text>
          <Badge color={member.status === 'confirmed' ? 'teal.9' : 'gray.7'} variant="filled">
            {member.status === 'confirmed' ? i18n._('confirmed') : i18n._('waiting for confirmation')}
          </Badge>
          {member.isPointPerson ? (
            <Badge color="blue.9" variant="outline">
              {i18n._('point person')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">
          {[where, ...member.roles.map((r) => i18n._(churchMemberRoleLabel(r)))].filter(Boolean).join(' · ') || i18n._('No details given')}
        </Text>
      </div>
      <Group gap="xs">
        {member.status === 'claimed' ? (
          <Button size="xs" onClick={onConfirm} loading={isBusy} aria-label={i18n._('Confirm {name}', { name: member.name })}>
            {i18n._('Confirm')}
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          onClick={onRemove}
          disabled={isBusy}
          aria-label={i18n._('Remove {name}', { name: member.name })}
        >
          {i18n._('Remove')}
        </Button>
      </Group>
    </Group>
  );
}

const EMPTY_MESSAGE = { subject: '', message: '' };

function WriteToMembers({ church }: { church: ChurchManage }) {
  const { i18n } = useLingui();
  const [sent, setSent] = useState<string>();
  const f = useSchemaForm({
    schema: churchMessageSchema,
    initialValues: EMPTY_MESSAGE,
    invalidMessage: i18n._(CHECK_FIELDS),
    onSubmitStart: () => setSent(undefined),
  });
  const send = useMessageMembers(church.id, {
    onSuccess: ({ recipients }) => {
      f.reset(EMPTY_MESSAGE);
      setSent(
        i18n._('{recipients, plural, one {Your message is on its way to # member.} other {Your message is on its way to # members.}}', {
          recipients,
        }),
      );
    },
    onError: (error) =>
      f.failWith(error, isApiRequestError(error) ? error.message : i18n._('The message could not be sent. Please try again.')),
  });
  return (
    <Section name="write-to-the-members" title={i18n._('Write to the members')}>
      <Text size="sm">
        {i18n._('Each confirmed member gets your message by email. Replies come to you; members never see one another’s addresses.')}
      </Text>
      <FormAlert message={f.formError} />
      {sent ? (
        <Text role="status" c="teal.9" fw={600}>
          {sent}
        </Text>
      ) : null}
      <form {...f.formProps((data) => send.mutate(data))} aria-label={i18n._('Write to the members')}>
        <Stack gap="md">
          <TextInput label={i18n._('Subject')} maxLength={CHURCH_MESSAGE_SUBJECT_MAX} {...f.field('subject')} />
          <Textarea
            label={i18n._('Message')}
            required
            withAsterisk
            autosize
            minRows={4}
            maxRows={12}
            maxLength={CHURCH_MESSAGE_MAX}
            {...f.field('message')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              {i18n._('Send to the members')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function ChurchPhoto({ church }: { church: ChurchManage }) {
  const { i18n } = useLingui();
  const [error, setError] = useState<string>();
  const upload = useUploadChurchPhoto(church.id, {
    onError: (err) => setError(isApiRequestError(err) ? i18n._(err.message) : i18n._('The photo could not be saved. Please try again.')),
  });
  const remove = useRemoveChurchPhoto(church.id, { onError: () => setError(i18n._('The photo could not be removed. Please try again.')) });
  return (
    <Section name="photo-or-logo" title={i18n._('Photo or logo')}>
      <FormAlert message={error} />
      <PhotoChooser
        // A saved photo has a new address: the chooser starts over with it.
        key={church.photoUrl ?? 'none'}
        current={
          church.photoUrl ? (
            <Image
              src={church.photoUrl}
              alt={i18n._('The photo of {name}', { name: church.fields.name })}
              w={120}
              h={120}
              radius="md"
              fit="cover"
            />
          ) : (
            <Text size="sm">{i18n._('No photo yet. We keep a square copy without any location or camera details.')}</Text>
          )
        }
        hasPhoto={church.photoUrl !== null}
        onSave={(photo, square) => upload.mutate({ photo, square })}
        isSaving={upload.isPending}
        onRemove={() => remove.mutate()}
        isRemoving={remove.isPending}
        onProblem={setError}
      />
    </Section>
  );
}

/** The saved note lives here, above the form: the form starts over from the saved fields when they come back. */
function ChurchFields({ church }: { church: ChurchManage }) {
  const [saved, setSaved] = useState<string>();
  return <ChurchFieldsForm key={JSON.stringify(church.fields)} church={church} saved={saved} setSaved={setSaved} />;
}

function ChurchFieldsForm({
  church,
  saved,
  setSaved,
}: {
  church: ChurchManage;
  saved: string | undefined;
  setSaved: (note: string | undefined) => void;
}) {
  const { i18n } = useLingui();
  const f = useSchemaForm({
    schema: churchFieldsSchema,
    initialValues: churchFieldValues(church.fields),
    toInput: churchFieldsInput,
    invalidMessage: i18n._(CHECK_FIELDS),
    onSubmitStart: () => setSaved(undefined),
  });
  const save = useUpdateChurch(church.id, {
    onSuccess: () => setSaved(i18n._('The church’s page has been saved.')),
    onError: (error) => f.failWith(error, isApiRequestError(error) && !error.fieldErrors ? error.message : i18n._(CHECK_FIELDS)),
  });
  return (
    <Section name="the-church-s-page" title={i18n._('The church’s page')}>
      <FormAlert message={f.formError} />
      {saved ? (
        <Text role="status" c="teal.9" fw={600}>
          {saved}
        </Text>
      ) : null}
      <form {...f.formProps((data) => save.mutate(data))} aria-label={i18n._('The church’s page')}>
        <Stack gap="md">
          <ChurchFieldInputs f={f} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {i18n._('Save the page')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
