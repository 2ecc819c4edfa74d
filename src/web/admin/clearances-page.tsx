import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Modal.layer.css';

import { Badge, Button, Checkbox, Group, Loader, NativeSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import {
  CLEARANCE_DESCRIPTION_MAX,
  CLEARANCE_KINDS,
  CLEARANCE_NAME_MAX,
  CLEARANCE_ONLY_DATES,
  CLEARANCE_STATE_LABELS,
  CLEARANCE_STATES,
  CLEARANCE_TARGETS,
  CLEARANCE_VALID_MONTHS_MAX,
  clearanceKindLabel,
  clearanceRequirementInputSchema,
  clearanceTargetLabel,
  type ClearanceRequirement,
  type ClearanceStatus,
} from '../../shared/clearances';
import { wordsIn } from '../../shared/i18n/content-language';
import { AdminSection } from './admin-section';
import { Dialog } from './churches/church-actions';
import { FormAlert } from '../app/form-alert';
import { Pager } from '../app/pager';
import { useLive } from '../live';
import { useSchemaForm } from '../lib/use-schema-form';
import {
  ClearanceCard,
  ClearanceList,
  MemberClearanceList,
  memberClearancesOptions,
  requirementsOptions,
  useCreateRequirement,
  useUpdateRequirement,
  type AdminClearanceSearch,
} from '../clearances';

/**
 * /admin/clearances (issue 27): the requirements (what each is, how long it stays valid, which roles need it) and
 * members' records (those with a record or on a care team), searched by name and state, each recorded in a form
 * that takes a status and dates only.
 */
export default function AdminClearancesPage() {
  useLive(['clearances']);
  const { i18n } = useLingui();
  return (
    <AdminSection
      title={i18n._('Clearances')}
      intro={i18n._(
        "What care team roles require, and where each member stands. The site keeps only statuses and dates: never a background check's content, a Social Security number or a document.",
      )}
    >
      <Stack gap="xl">
        <Requirements />
        <Members />
      </Stack>
    </AdminSection>
  );
}

function Requirements() {
  const list = useQuery(requirementsOptions);
  const [isAdding, setAdding] = useState(false);
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="clearance-requirements">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="clearance-requirements">
          {i18n._('Requirements')}
        </Title>
        <Button size="sm" onClick={() => setAdding(true)}>
          {i18n._('Add a requirement')}
        </Button>
      </Group>
      {list.isPending ? <Loader aria-label={i18n._('Loading the requirements')} /> : null}
      {list.isError ? <FormAlert message={i18n._('The requirements could not be loaded. Please try again later.')} /> : null}
      {list.isSuccess ? (
        <ClearanceList>
          {list.data.requirements.map((r) => (
            <RequirementCard key={r.id} requirement={r} />
          ))}
        </ClearanceList>
      ) : null}
      <Dialog title={i18n._('Add a requirement')} isOpen={isAdding} onClose={() => setAdding(false)} size="lg">
        <RequirementForm onDone={() => setAdding(false)} />
      </Dialog>
    </section>
  );
}

function RequirementCard({ requirement }: { requirement: ClearanceRequirement }) {
  const [isEditing, setEditing] = useState(false);
  const update = useUpdateRequirement();
  const { i18n } = useLingui();
  // Named as the members reading this language see it: its Spanish name to a Spanish reader when it has one.
  const r = { ...requirement, name: wordsIn(i18n.locale, requirement.name, requirement.nameEs) };
  return (
    <ClearanceCard>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Group gap="xs">
            <Text fw={700}>{r.name}</Text>
            {r.archived ? <Badge color="gray.8">{i18n._('Archived')}</Badge> : null}
          </Group>
          <Text size="sm">
            {i18n._('{kind}, valid {months, plural, one {# month} other {# months}}. Needed for: {targets}', {
              kind: i18n._(clearanceKindLabel(r.kind)),
              months: r.validMonths,
              targets:
                r.requiredFor.length > 0 ? r.requiredFor.map((t) => i18n._(clearanceTargetLabel(t))).join(', ') : i18n._('nothing yet'),
            })}
          </Text>
        </div>
        <Group gap="xs">
          <Button size="xs" variant="outline" onClick={() => setEditing(true)} aria-label={i18n._('Edit {name}', { name: r.name })}>
            {i18n._('Edit')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            color={r.archived ? 'teal.9' : 'red.9'}
            loading={update.isPending}
            onClick={() => update.mutate({ id: r.id, input: { archived: !r.archived } })}
            aria-label={r.archived ? i18n._('Restore {name}', { name: r.name }) : i18n._('Archive {name}', { name: r.name })}
          >
            {r.archived ? i18n._('Restore') : i18n._('Archive')}
          </Button>
        </Group>
      </Group>
      {update.error ? <FormAlert message={update.error.message} /> : null}
      <Dialog title={i18n._('Edit {name}', { name: r.name })} isOpen={isEditing} onClose={() => setEditing(false)} size="lg">
        <RequirementForm requirement={requirement} onDone={() => setEditing(false)} />
      </Dialog>
    </ClearanceCard>
  );
}

type RequirementValues = {
  name: string;
  nameEs: string;
  kind: string;
  description: string;
  descriptionEs: string;
  validMonths: string;
  requiredFor: string[];
};
const toRequirementInput = (v: RequirementValues) => ({ ...v, validMonths: v.validMonths === '' ? NaN : Number(v.validMonths) });

/** A new requirement, or changes to one. The agreement's description is the text members accept. */
function RequirementForm({ requirement, onDone }: { requirement?: ClearanceRequirement; onDone: () => void }) {
  const f = useSchemaForm({
    schema: clearanceRequirementInputSchema,
    initialValues: {
      name: requirement?.name ?? '',
      nameEs: requirement?.nameEs ?? '',
      kind: requirement?.kind ?? 'training',
      description: requirement?.description ?? '',
      descriptionEs: requirement?.descriptionEs ?? '',
      validMonths: String(requirement?.validMonths ?? 12),
      requiredFor: requirement?.requiredFor ?? [],
    } satisfies RequirementValues,
    toInput: toRequirementInput,
  });
  const callbacks = { onSuccess: onDone, onError: (error: Error) => f.failWith(error, error.message) };
  const { i18n } = useLingui();
  const create = useCreateRequirement(callbacks);
  const update = useUpdateRequirement(callbacks);
  return (
    <form
      {...f.formProps((input) => (requirement ? update.mutate({ id: requirement.id, input }) : create.mutate(input)))}
      aria-label={requirement ? i18n._('Edit {name}', { name: requirement.name }) : i18n._('New requirement')}
    >
      <Stack gap="sm">
        <FormAlert message={f.formError} />
        <TextInput label={i18n._('Name')} {...f.field('name')} maxLength={CLEARANCE_NAME_MAX} />
        <TextInput
          label={i18n._('Name in Spanish')}
          description={i18n._('What members reading Spanish see, in pages and mail. Left blank, they see the name above.')}
          {...f.field('nameEs')}
          maxLength={CLEARANCE_NAME_MAX}
        />
        <NativeSelect
          label={i18n._('Kind')}
          {...f.field('kind')}
          data={CLEARANCE_KINDS.map((k) => ({ value: k.code, label: i18n._(k.label) }))}
        />
        <Textarea
          label={i18n._('Description')}
          description={i18n._('What it is and how to get it. For an agreement, the text each member accepts.')}
          {...f.field('description')}
          maxLength={CLEARANCE_DESCRIPTION_MAX}
          autosize
          minRows={3}
          maxRows={12}
        />
        <Textarea
          label={i18n._('Description in Spanish')}
          description={i18n._(
            'What members reading Spanish see (for an agreement, the text they accept). Left blank, they see the description above.',
          )}
          {...f.field('descriptionEs')}
          maxLength={CLEARANCE_DESCRIPTION_MAX}
          autosize
          minRows={3}
          maxRows={12}
        />
        <TextInput
          label={i18n._('Months valid')}
          inputMode="numeric"
          {...f.field('validMonths')}
          description={i18n._('From 1 to {max}', { max: CLEARANCE_VALID_MONTHS_MAX })}
        />
        <Checkbox.Group label={i18n._('Needed for')} {...f.field('requiredFor')}>
          <Stack gap={6} mt={4}>
            {CLEARANCE_TARGETS.map((code) => (
              <Checkbox key={code} value={code} label={i18n._(clearanceTargetLabel(code))} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Text size="sm">{i18n._(CLEARANCE_ONLY_DATES)}</Text>
        <Group>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {requirement ? i18n._('Save the requirement') : i18n._('Add the requirement')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Members() {
  const [search, setSearch] = useState<AdminClearanceSearch>({ q: '', status: '', page: 1 });
  const [words, setWords] = useState('');
  const list = useQuery({ ...memberClearancesOptions(search), placeholderData: keepPreviousData });
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="clearance-members">
      <Title order={2} size="h3" id="clearance-members" mb="sm">
        {i18n._('Members’ records')}
      </Title>
      <Text size="sm" mb="sm">
        {i18n._('Members with a record, or on a care team.')} {i18n._(CLEARANCE_ONLY_DATES)}
      </Text>
      <Group
        component="form"
        role="search"
        aria-label={i18n._("Search the members' records")}
        align="flex-end"
        gap="sm"
        mb="md"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch({ ...search, q: words.trim(), page: 1 });
        }}
      >
        <TextInput label={i18n._('Name')} value={words} onChange={(e) => setWords(e.currentTarget.value)} w={{ base: '100%', sm: 240 }} />
        <NativeSelect
          label={i18n._('Any requirement')}
          value={search.status}
          onChange={(e) => setSearch({ ...search, status: e.currentTarget.value as ClearanceStatus | '', page: 1 })}
          data={[
            { value: '', label: i18n._('Any status') },
            ...CLEARANCE_STATES.map((s) => ({ value: s, label: i18n._(CLEARANCE_STATE_LABELS[s]) })),
          ]}
          w={{ base: '100%', sm: 200 }}
        />
        <Button type="submit" variant="outline">
          {i18n._('Search')}
        </Button>
      </Group>
      {list.isPending ? <Loader aria-label={i18n._("Loading the members' records")} /> : null}
      {list.isError ? <FormAlert message={i18n._('The records could not be loaded. Please try again later.')} /> : null}
      {list.data ? (
        <>
          <Text size="sm" c="dimmed" role="status" mb="sm">
            {list.data.total === 0
              ? i18n._('Nobody found.')
              : i18n._('{count, plural, one {# member} other {# members}}', { count: list.data.total })}
          </Text>
          <MemberClearanceList members={list.data.members} empty="" />
          <Pager page={list.data.page} pages={list.data.pages} onPage={(page) => setSearch({ ...search, page })} />
        </>
      ) : null}
    </section>
  );
}
