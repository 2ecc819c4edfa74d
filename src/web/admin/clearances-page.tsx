import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Modal.layer.css';

import { Badge, Button, Checkbox, Group, Loader, NativeSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
  return (
    <AdminSection
      title="Clearances"
      intro="What care team roles require, and where each member stands. The site keeps only statuses and dates: never a background check's content, a Social Security number or a document."
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
  return (
    <section aria-labelledby="clearance-requirements">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="clearance-requirements">
          Requirements
        </Title>
        <Button size="sm" onClick={() => setAdding(true)}>
          Add a requirement
        </Button>
      </Group>
      {list.isPending ? <Loader aria-label="Loading the requirements" /> : null}
      {list.isError ? <FormAlert message="The requirements could not be loaded. Please try again later." /> : null}
      {list.isSuccess ? (
        <ClearanceList>
          {list.data.requirements.map((r) => (
            <RequirementCard key={r.id} requirement={r} />
          ))}
        </ClearanceList>
      ) : null}
      <Dialog title="Add a requirement" isOpen={isAdding} onClose={() => setAdding(false)} size="lg">
        <RequirementForm onDone={() => setAdding(false)} />
      </Dialog>
    </section>
  );
}

function RequirementCard({ requirement: r }: { requirement: ClearanceRequirement }) {
  const [isEditing, setEditing] = useState(false);
  const update = useUpdateRequirement();
  return (
    <ClearanceCard>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Group gap="xs">
            <Text fw={700}>{r.name}</Text>
            {r.archived ? <Badge color="gray.8">Archived</Badge> : null}
          </Group>
          <Text size="sm">
            {clearanceKindLabel(r.kind)}, valid {r.validMonths} months. Needed for:{' '}
            {r.requiredFor.length > 0 ? r.requiredFor.map(clearanceTargetLabel).join(', ') : 'nothing yet'}
          </Text>
        </div>
        <Group gap="xs">
          <Button size="xs" variant="outline" onClick={() => setEditing(true)} aria-label={`Edit ${r.name}`}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="outline"
            color={r.archived ? 'teal.9' : 'red.9'}
            loading={update.isPending}
            onClick={() => update.mutate({ id: r.id, input: { archived: !r.archived } })}
            aria-label={`${r.archived ? 'Restore' : 'Archive'} ${r.name}`}
          >
            {r.archived ? 'Restore' : 'Archive'}
          </Button>
        </Group>
      </Group>
      {update.error ? <FormAlert message={update.error.message} /> : null}
      <Dialog title={`Edit ${r.name}`} isOpen={isEditing} onClose={() => setEditing(false)} size="lg">
        <RequirementForm requirement={r} onDone={() => setEditing(false)} />
      </Dialog>
    </ClearanceCard>
  );
}

type RequirementValues = { name: string; kind: string; description: string; validMonths: string; requiredFor: string[] };
const toRequirementInput = (v: RequirementValues) => ({ ...v, validMonths: v.validMonths === '' ? NaN : Number(v.validMonths) });

/** A new requirement, or changes to one. The agreement's description is the text members accept. */
function RequirementForm({ requirement, onDone }: { requirement?: ClearanceRequirement; onDone: () => void }) {
  const f = useSchemaForm({
    schema: clearanceRequirementInputSchema,
    initialValues: {
      name: requirement?.name ?? '',
      kind: requirement?.kind ?? 'training',
      description: requirement?.description ?? '',
      validMonths: String(requirement?.validMonths ?? 12),
      requiredFor: requirement?.requiredFor ?? [],
    } satisfies RequirementValues,
    toInput: toRequirementInput,
  });
  const callbacks = { onSuccess: onDone, onError: (error: Error) => f.failWith(error, error.message) };
  const create = useCreateRequirement(callbacks);
  const update = useUpdateRequirement(callbacks);
  return (
    <form
      {...f.formProps((input) => (requirement ? update.mutate({ id: requirement.id, input }) : create.mutate(input)))}
      aria-label={requirement ? `Edit ${requirement.name}` : 'New requirement'}
    >
      <Stack gap="sm">
        <FormAlert message={f.formError} />
        <TextInput label="Name" {...f.field('name')} maxLength={CLEARANCE_NAME_MAX} />
        <NativeSelect label="Kind" {...f.field('kind')} data={CLEARANCE_KINDS.map((k) => ({ value: k.code, label: k.label }))} />
        <Textarea
          label="Description"
          description="What it is and how to get it. For an agreement, the text each member accepts."
          {...f.field('description')}
          maxLength={CLEARANCE_DESCRIPTION_MAX}
          autosize
          minRows={3}
          maxRows={12}
        />
        <TextInput
          label="Months valid"
          inputMode="numeric"
          {...f.field('validMonths')}
          description={`From 1 to ${CLEARANCE_VALID_MONTHS_MAX}`}
        />
        <Checkbox.Group label="Needed for" {...f.field('requiredFor')}>
          <Stack gap={6} mt={4}>
            {CLEARANCE_TARGETS.map((code) => (
              <Checkbox key={code} value={code} label={clearanceTargetLabel(code)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Text size="sm">{CLEARANCE_ONLY_DATES}</Text>
        <Group>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {requirement ? 'Save the requirement' : 'Add the requirement'}
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
  return (
    <section aria-labelledby="clearance-members">
      <Title order={2} size="h3" id="clearance-members" mb="sm">
        Members’ records
      </Title>
      <Text size="sm" mb="sm">
        Members with a record, or on a care team. {CLEARANCE_ONLY_DATES}
      </Text>
      <Group
        component="form"
        role="search"
        aria-label="Search the members' records"
        align="flex-end"
        gap="sm"
        mb="md"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch({ ...search, q: words.trim(), page: 1 });
        }}
      >
        <TextInput label="Name" value={words} onChange={(e) => setWords(e.currentTarget.value)} w={{ base: '100%', sm: 240 }} />
        <NativeSelect
          label="Any requirement"
          value={search.status}
          onChange={(e) => setSearch({ ...search, status: e.currentTarget.value as ClearanceStatus | '', page: 1 })}
          data={[{ value: '', label: 'Any status' }, ...CLEARANCE_STATES.map((s) => ({ value: s, label: CLEARANCE_STATE_LABELS[s] }))]}
          w={{ base: '100%', sm: 200 }}
        />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </Group>
      {list.isPending ? <Loader aria-label="Loading the members' records" /> : null}
      {list.isError ? <FormAlert message="The records could not be loaded. Please try again later." /> : null}
      {list.data ? (
        <>
          <Text size="sm" c="dimmed" role="status" mb="sm">
            {list.data.total === 0 ? 'Nobody found.' : `${list.data.total} ${list.data.total === 1 ? 'member' : 'members'}`}
          </Text>
          <MemberClearanceList members={list.data.members} empty="" />
          <Pager page={list.data.page} pages={list.data.pages} onPage={(page) => setSearch({ ...search, page })} />
        </>
      ) : null}
    </section>
  );
}
