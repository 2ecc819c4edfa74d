import { Checkbox, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  CHURCH_CITY_MAX,
  CHURCH_DESCRIPTION_MAX,
  CHURCH_DISTRICT_MAX,
  CHURCH_LANGUAGES,
  CHURCH_NAME_MAX,
  CHURCH_OFFERS,
  CHURCH_STREET_MAX,
  churchFieldsSchema,
  type ChurchFieldsInput,
} from '../../../shared/churches';
import type { AdminChurch } from '../../../shared/churches-admin';
import { US_STATES } from '../../../shared/states';
import { FormActions } from '../../app/form-actions';
import { FormAlert } from '../../app/form-alert';
import { isApiRequestError } from '../../lib/api';
import { useSchemaForm } from '../../lib/use-schema-form';

/** The form's values: text fields as typed (blank for none), the lists as checked. */
type Values = {
  name: string;
  ag: boolean;
  agDistrict: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  website: string;
  phone: string;
  languages: string[];
  description: string;
  offers: string[];
};

const STATE_OPTIONS = [{ value: '', label: 'Choose a state' }, ...US_STATES.map((s) => ({ value: s.code, label: s.name }))];

export function valuesOf(c?: AdminChurch): Values {
  return {
    name: c?.name ?? '',
    ag: c?.ag ?? true,
    agDistrict: c?.agDistrict ?? '',
    street: c?.street ?? '',
    city: c?.city ?? '',
    state: c?.state ?? '',
    zip: c?.zip ?? '',
    website: c?.website ?? '',
    phone: c?.phone ?? '',
    languages: c?.languages ?? ['en'],
    description: c?.description ?? '',
    offers: c?.offers ?? [],
  };
}

type ChurchFormProps = {
  church?: AdminChurch;
  submitLabel: string;
  isPending: boolean;
  /** Sends the fields; `fail` shows a refusal: beside the fields it names, or above the buttons. */
  onSubmit: (fields: ChurchFieldsInput, fail: (error: Error) => void) => void;
  onCancel: () => void;
};

/** A church's fields as an admin edits them (adding one, editing one, completing a proposal before approving it). */
export function ChurchForm({ church, submitLabel, isPending, onSubmit, onCancel }: ChurchFormProps) {
  const f = useSchemaForm({ schema: churchFieldsSchema, initialValues: valuesOf(church) });
  // Approving sends the fields under `fields`, so the server names them `fields.zip`: shown beside `zip` all the same.
  const fail = (error: Error) => {
    const named = isApiRequestError(error) ? error.fieldErrors : undefined;
    if (!named) return f.failWith(error, error.message);
    f.showErrors(Object.fromEntries(Object.entries(named).map(([key, text]) => [key.replace(/^fields\./, ''), text])));
  };
  return (
    <form {...f.formProps((_data, values) => onSubmit(values as ChurchFieldsInput, fail))} aria-label={submitLabel}>
      <Stack gap="sm">
        <TextInput label="Church name" required maxLength={CHURCH_NAME_MAX} {...f.field('name')} data-autofocus />
        <Group gap="lg" align="flex-end">
          <Checkbox label="Assemblies of God church" {...f.field('ag', { type: 'checkbox' })} />
          <TextInput label="AG district" maxLength={CHURCH_DISTRICT_MAX} {...f.field('agDistrict')} style={{ flex: 1 }} />
        </Group>
        <TextInput label="Street address" required maxLength={CHURCH_STREET_MAX} autoComplete="off" {...f.field('street')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="City" required maxLength={CHURCH_CITY_MAX} {...f.field('city')} />
          <NativeSelect label="State" required data={STATE_OPTIONS} {...f.field('state')} />
          <TextInput label="ZIP code" required inputMode="numeric" maxLength={10} {...f.field('zip')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Web site" {...f.field('website')} />
          <TextInput label="Office phone" type="tel" {...f.field('phone')} />
        </SimpleGrid>
        <Checkbox.Group label="Languages of its services" required {...f.field('languages')}>
          <Group gap="md" mt={4}>
            {CHURCH_LANGUAGES.map((l) => (
              <Checkbox key={l.code} value={l.code} label={l.label} />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox.Group label="What it offers" {...f.field('offers')}>
          <Group gap="md" mt={4}>
            {CHURCH_OFFERS.map((o) => (
              <Checkbox key={o.code} value={o.code} label={o.label} />
            ))}
          </Group>
        </Checkbox.Group>
        <Textarea label="Foster-care ministry" autosize minRows={2} maxLength={CHURCH_DESCRIPTION_MAX} {...f.field('description')} />
        <FormAlert message={f.formError} />
        <FormActions submitLabel={submitLabel} isPending={isPending} onCancel={onCancel} isCancelLockedWhilePending />
      </Stack>
    </form>
  );
}
