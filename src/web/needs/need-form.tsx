import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useLingui } from '@lingui/react';
import type { z } from 'zod';
import {
  NEED_CITY_MAX,
  NEED_DESCRIPTION_MAX,
  NEED_ITEM_NAME_MAX,
  NEED_ITEM_NOTE_MAX,
  NEED_ITEMS_MAX,
  NEED_KINDS,
  NEED_PRIVACY_RULE,
  NEED_TITLE_MAX,
  NEED_URGENCIES,
} from '../../shared/needs';
import { US_STATES } from '../../shared/states';
import { FormActions } from '../app/form-actions';
import { FormAlert } from '../app/form-alert';
import { useSchemaForm } from '../lib/use-schema-form';
import classes from './needs.module.css';
import type { Locale } from '../../shared/i18n/locale';
import { WrittenInField } from '../app/content-language';
import { SimpleGrid } from '../app/simple-grid';

// A need's fields as the asker writes them (/needs/new) and the asker or an admin edits them (/needs/:id/edit):
// the privacy rule stated above the fields, the items with their quantities and values, the family's consent.

export type ItemValues = {
  id?: number;
  name: string;
  quantity: number | string;
  unitValue: number | string;
  note: string;
  committed: number;
};
export type NeedFormValues = {
  kind: string;
  title: string;
  description: string;
  city: string;
  state: string;
  zip: string;
  urgency: string;
  /** The language the asker writes in (issue 28): the page's to start with. */
  language: Locale;
  items: ItemValues[];
  /** Only when asking: the family agreed, and the church asked for ('' for none). */
  familyConsent: boolean;
  churchId: string;
};

export const emptyItem = (): ItemValues => ({ name: '', quantity: 1, unitValue: 0, note: '', committed: 0 });

/** What the schema reads from the values: numbers as numbers, blank notes as none, the church as an id. */
export function needInputOf(v: NeedFormValues, asking: boolean) {
  const items = v.items.map((i) => ({
    ...(i.id === undefined ? {} : { id: i.id }),
    name: i.name,
    quantity: i.quantity === '' ? undefined : Number(i.quantity),
    unitValue: i.unitValue === '' ? undefined : Number(i.unitValue),
    note: i.note.trim() ? i.note : null,
  }));
  const fields = {
    kind: v.kind,
    title: v.title,
    description: v.description,
    city: v.city,
    state: v.state,
    zip: v.zip,
    urgency: v.urgency,
    language: v.language,
    items,
  };
  return asking ? { ...fields, familyConsent: v.familyConsent, churchId: v.churchId ? Number(v.churchId) : null } : fields;
}

type NeedFormProps<S extends z.ZodType> = {
  schema: S;
  initialValues: NeedFormValues;
  /** Asking: the consent checkbox and, for a point person, the church asked for. */
  asking: boolean;
  churches: Array<{ id: number; name: string }>;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (input: z.output<S>, fail: (error: Error) => void) => void;
  onCancel?: () => void;
};

export function NeedForm<S extends z.ZodType>({
  schema,
  initialValues,
  asking,
  churches,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: NeedFormProps<S>) {
  const { i18n } = useLingui();
  const f = useSchemaForm({
    schema,
    initialValues,
    toInput: asking ? askingInput : editingInput,
    invalidMessage: i18n._('Some fields need attention: see the notes beside them.'),
  });
  const items = f.form.values.items;
  const fail = (error: Error) => f.failWith(error, error.message);
  return (
    <form {...f.formProps((data) => onSubmit(data, fail))} aria-label={submitLabel} className={classes.form}>
      <Stack gap="md">
        <section aria-labelledby="privacy-rule-title" className={classes.rule}>
          <Title order={2} size="h4" id="privacy-rule-title" mb={4}>
            {i18n._("Protect the children's privacy")}
          </Title>
          <Text>{i18n._(NEED_PRIVACY_RULE)}</Text>
        </section>
        {asking && churches.length > 0 ? (
          <NativeSelect
            label={i18n._('Asking for')}
            description={i18n._('A point person may ask for a family their church knows.')}
            data={[{ value: '', label: i18n._('My own family') }, ...churches.map((c) => ({ value: String(c.id), label: c.name }))]}
            {...f.field('churchId')}
          />
        ) : null}
        <NativeSelect
          label={i18n._('Kind of need')}
          required
          data={[{ value: '', label: i18n._('Choose a kind') }, ...NEED_KINDS.map((k) => ({ value: k.code, label: i18n._(k.label) }))]}
          {...f.field('kind')}
        />
        <TextInput
          label={i18n._('Title')}
          required
          maxLength={NEED_TITLE_MAX}
          description={i18n._('For example: A bunk bed for two brothers')}
          {...f.field('title')}
        />
        <Textarea
          label={i18n._('Description')}
          required
          autosize
          minRows={4}
          maxLength={NEED_DESCRIPTION_MAX}
          description={i18n._('What is needed and why, without anything that identifies a child.')}
          {...f.field('description')}
        />
        <WrittenInField label={i18n._('Written in')} {...f.field('language')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={i18n._('Town')} required maxLength={NEED_CITY_MAX} {...f.field('city')} />
          <NativeSelect
            label={i18n._('State')}
            required
            data={[{ value: '', label: i18n._('Choose a state') }, ...US_STATES.map((s) => ({ value: s.code, label: i18n._(s.name) }))]}
            {...f.field('state')}
          />
          <TextInput label={i18n._('ZIP code')} required inputMode="numeric" maxLength={10} {...f.field('zip')} />
        </SimpleGrid>
        <NativeSelect
          label={i18n._('Needed')}
          required
          data={[
            { value: '', label: i18n._('Choose how soon') },
            ...NEED_URGENCIES.map((u) => ({ value: u.code, label: i18n._(u.label) })),
          ]}
          {...f.field('urgency')}
        />
        <Fieldset legend={i18n._('Items')} className={classes.items}>
          <Text size="sm" c="dimmed" mb="sm">
            {i18n._(
              'Each thing needed, how many, and about what one costs in dollars (for example: dinner for a family of 5, 4 evenings, $40 each).',
            )}
          </Text>
          <Stack gap="sm">
            {items.map((item, i) => (
              <fieldset key={item.id ?? `new-${i}`} className={classes.item}>
                {/* A fieldset is named by its legend, first in it (WCAG technique H71); the fields say what each is. */}
                <VisuallyHidden component="legend">{i18n._('Item {number}', { number: i + 1 })}</VisuallyHidden>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput
                    label={i18n._('Item')}
                    required
                    maxLength={NEED_ITEM_NAME_MAX}
                    {...f.form.getInputProps(`items.${i}.name`)}
                    name={`items.${i}.name`}
                  />
                  <NumberInput
                    label={i18n._('Quantity')}
                    required
                    min={Math.max(1, item.committed)}
                    allowDecimal={false}
                    description={item.committed > 0 ? i18n._('{count} committed', { count: item.committed }) : undefined}
                    {...f.form.getInputProps(`items.${i}.quantity`)}
                    name={`items.${i}.quantity`}
                  />
                  <NumberInput
                    label={i18n._('Value of one, in dollars')}
                    required
                    min={0}
                    allowDecimal={false}
                    prefix="$"
                    {...f.form.getInputProps(`items.${i}.unitValue`)}
                    name={`items.${i}.unitValue`}
                  />
                </SimpleGrid>
                <TextInput
                  label={i18n._('Details (optional)')}
                  maxLength={NEED_ITEM_NOTE_MAX}
                  mt="xs"
                  {...f.form.getInputProps(`items.${i}.note`)}
                  name={`items.${i}.note`}
                />
                {items.length > 1 && item.committed === 0 ? (
                  <Button variant="subtle" color="red" size="compact-sm" mt="xs" onClick={() => f.form.removeListItem('items', i)}>
                    {i18n._('Remove item {number}', { number: i + 1 })}
                  </Button>
                ) : null}
              </fieldset>
            ))}
          </Stack>
          {f.form.errors.items ? (
            <Text c="red.8" size="sm" mt="xs" role="alert">
              {typeof f.form.errors.items === 'string' ? i18n._(f.form.errors.items) : f.form.errors.items}
            </Text>
          ) : null}
          {items.length < NEED_ITEMS_MAX ? (
            <Group mt="sm">
              <Button variant="light" onClick={() => f.form.insertListItem('items', emptyItem())}>
                {i18n._('Add an item')}
              </Button>
            </Group>
          ) : null}
        </Fieldset>
        {asking ? (
          <Checkbox
            label={i18n._('The family agreed to this request, and it names no child.')}
            {...f.form.getInputProps('familyConsent', { type: 'checkbox' })}
            name="familyConsent"
          />
        ) : null}
        <FormAlert message={f.formError} />
        <FormActions submitLabel={submitLabel} isPending={isPending} onCancel={onCancel} isCancelLockedWhilePending />
      </Stack>
    </form>
  );
}

// Defined once: a new function at each render would rebuild the form's validation.
const askingInput = (v: NeedFormValues) => needInputOf(v, true);
const editingInput = (v: NeedFormValues) => needInputOf(v, false);
