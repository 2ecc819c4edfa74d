import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { useLingui } from '@lingui/react';
import { Checkbox, Group, NativeSelect, Radio, Textarea, TextInput } from '@mantine/core';
import {
  CHURCH_CITY_MAX,
  CHURCH_DESCRIPTION_MAX,
  CHURCH_DISTRICT_MAX,
  CHURCH_LANGUAGES,
  CHURCH_NAME_MAX,
  CHURCH_OFFERS,
  CHURCH_STREET_MAX,
  type churchFieldsSchema,
  type ChurchFieldsInput,
} from '../../shared/churches';
import type { SchemaForm } from '../lib/use-schema-form';
import { useStateOptions } from './state-options';
import { SimpleGrid } from '../app/simple-grid';

// A church's fields as a form shows them, for the point person's page and the admin's forms alike (add, edit,
// complete a proposal before approving it): one set of labels, limits and choices.

/** The form's values: text as typed (blank for none), Yes/No for the radio, the lists as checked. */
export type ChurchFieldValues = {
  name: string;
  ag: 'Yes' | 'No';
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

type Stored = Partial<{
  name: string;
  ag: boolean;
  agDistrict: string | null;
  street: string | null;
  city: string;
  state: string;
  zip: string;
  website: string | null;
  phone: string | null;
  languages: string[];
  description: string | null;
  offers: string[];
}>;

/** A church's stored fields (or none, for a new one) as the form's values. */
export function churchFieldValues(c: Stored = {}): ChurchFieldValues {
  return {
    name: c.name ?? '',
    // The radio's values, not its labels (those are translated where they are shown).
    // eslint-disable-next-line i18n/no-untranslated
    ag: c.ag === false ? 'No' : 'Yes',
    agDistrict: c.agDistrict ?? '',
    street: c.street ?? '',
    city: c.city ?? '',
    state: c.state ?? '',
    zip: c.zip ?? '',
    website: c.website ?? '',
    phone: c.phone ?? '',
    languages: c.languages ?? ['en'],
    description: c.description ?? '',
    offers: c.offers ?? [],
  };
}

/** What the server reads from the form's values (the form's schema checks them before they are sent). */
export const churchFieldsInput = (v: ChurchFieldValues) => ({ ...v, ag: v.ag === 'Yes' }) as ChurchFieldsInput;

/** The inputs of a church's fields, inside the caller's form. */
export function ChurchFieldInputs({
  f,
  focusFirst = false,
}: {
  f: SchemaForm<ChurchFieldValues, typeof churchFieldsSchema>;
  focusFirst?: boolean;
}) {
  const { i18n } = useLingui();
  const stateOptions = useStateOptions();
  return (
    <>
      <TextInput
        label={i18n._('Church name')}
        required
        withAsterisk
        maxLength={CHURCH_NAME_MAX}
        data-autofocus={focusFirst || undefined}
        {...f.field('name')}
      />
      <Radio.Group label={i18n._('Is it an Assemblies of God church?')} required withAsterisk {...f.field('ag')}>
        <Group gap="xl" mt={6}>
          <Radio value="Yes" label={i18n._('Yes')} />
          <Radio value="No" label={i18n._('No')} />
        </Group>
      </Radio.Group>
      <TextInput label={i18n._('AG district')} maxLength={CHURCH_DISTRICT_MAX} {...f.field('agDistrict')} />
      <TextInput
        label={i18n._('Street address')}
        required
        withAsterisk
        maxLength={CHURCH_STREET_MAX}
        autoComplete="address-line1"
        {...f.field('street')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label={i18n._('City')} required withAsterisk maxLength={CHURCH_CITY_MAX} {...f.field('city')} />
        <NativeSelect label={i18n._('State')} required withAsterisk data={stateOptions} {...f.field('state')} />
        <TextInput label={i18n._('ZIP code')} required withAsterisk inputMode="numeric" maxLength={10} {...f.field('zip')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={i18n._('Web site')} type="url" {...f.field('website')} />
        <TextInput label={i18n._('Office phone')} type="tel" {...f.field('phone')} />
      </SimpleGrid>
      <Checkbox.Group label={i18n._('Languages of its services')} required withAsterisk {...f.field('languages')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
          {CHURCH_LANGUAGES.map((l) => (
            <Checkbox key={l.code} value={l.code} label={i18n._(l.label)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Checkbox.Group label={i18n._('What it offers')} {...f.field('offers')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
          {CHURCH_OFFERS.map((o) => (
            <Checkbox key={o.code} value={o.code} label={i18n._(o.label)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Textarea
        label={i18n._('Its foster-care ministry')}
        description={i18n._('A few sentences for the church’s public page')}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={CHURCH_DESCRIPTION_MAX}
        {...f.field('description')}
      />
    </>
  );
}
