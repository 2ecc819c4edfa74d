import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { useLingui } from '@lingui/react';
import { Anchor, Button, Fieldset, Group, NativeSelect, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { PROFILE_FIELDS, profileSchema, type OwnProfile } from '../../shared/profile';
import { STATE_NONE } from '../../shared/states';
import { flash } from '../app/flash-notice';
import { FormAlert } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { isApiRequestError } from '../lib/api';
import { useSchemaForm, type SchemaForm } from '../lib/use-schema-form';
import { PROFILE_SECTIONS, type FieldDef, type FieldSection } from './profile-fields';
import { useSaveProfile } from './profile-api';
import classes from './profile-form.module.css';
import { YesNoField } from './yes-no-field';
import { SimpleGrid } from '../app/simple-grid';

export const PROFILE_SAVED_NOTICE = /*i18n*/ 'Your profile has been saved.';
const CHECK_FIELDS = /*i18n*/ 'Some answers need attention: see the notes beside the fields.';
const SAVE_FAILED = /*i18n*/ 'Your profile could not be saved. Please try again.';

/** What the inputs hold: text (blank for unset, state included), Yes/No/blank, and the count as typed. */
type FormValues = Record<string, string | number>;

function toFormValues(profile: OwnProfile): FormValues {
  return Object.fromEntries(
    PROFILE_FIELDS.map((key) => [key, key === 'state' && profile.state === STATE_NONE ? '' : (profile[key] ?? '')]),
  );
}

/** product.md §3.9, the profile form: every field, loaded from the saved profile, saved as a whole. */
export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const f = useSchemaForm({ schema: profileSchema, initialValues: toFormValues(profile), invalidMessage: i18n._(CHECK_FIELDS) });

  const mutation = useSaveProfile({
    onRefreshed: () => navigate('/dashboard', flash(i18n._(PROFILE_SAVED_NOTICE))),
    onError: (error) => {
      const fieldErrors = isApiRequestError(error) ? error.fieldErrors : undefined;
      if (!fieldErrors) return f.setFormError(isApiRequestError(error) ? error.message : i18n._(SAVE_FAILED));
      // `_` is the server's note about the whole profile, when no one field is to blame.
      f.showErrors(
        fieldErrors,
        PROFILE_FIELDS.some((key) => fieldErrors[key]) ? i18n._(CHECK_FIELDS) : (fieldErrors._ ?? i18n._(SAVE_FAILED)),
      );
    },
  });

  return (
    <FormCard>
      <FormAlert message={f.formError} />
      <form {...f.formProps((data) => mutation.mutate(data))} className={classes.form}>
        <Stack gap="xl">
          <Text size="sm">{i18n._('First name, last name, phone and state are required (marked *); everything else is optional.')}</Text>
          {PROFILE_SECTIONS.map((section) => (
            <Section key={section.legend} section={section} f={f} />
          ))}
          <Group justify="space-between">
            <Anchor component={Link} to="/dashboard">
              {i18n._('Cancel')}
            </Anchor>
            <Button type="submit" loading={mutation.isPending}>
              {i18n._('Save profile')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormCard>
  );
}

type ProfileSchemaForm = SchemaForm<FormValues, typeof profileSchema>;

function Section({ section, f }: { section: FieldSection; f: ProfileSchemaForm }) {
  const { i18n } = useLingui();
  return (
    <Fieldset
      legend={i18n._(section.legend)}
      variant="unstyled"
      styles={{ legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', marginBottom: 4 } }}
    >
      <Stack gap="md">
        {section.description ? (
          <Text size="sm" c="dimmed">
            {i18n._(section.description)}
          </Text>
        ) : null}
        {section.rows.map((row) =>
          Array.isArray(row) ? (
            <SimpleGrid key={row[0]?.name} cols={{ base: 1, sm: row.length }}>
              {row.map((def) => (
                <ProfileInput key={def.name} def={def} f={f} />
              ))}
            </SimpleGrid>
          ) : (
            <ProfileInput key={row.name} def={row} f={f} />
          ),
        )}
      </Stack>
    </Fieldset>
  );
}

/** One field of the list, as the input its kind calls for. */
function ProfileInput({ def, f }: { def: FieldDef; f: ProfileSchemaForm }) {
  const { i18n } = useLingui();
  const { name, kind, required } = def;
  const label = i18n._(def.label);
  const description = def.description ? i18n._(def.description, { max: def.max }) : undefined;
  const common = { label, description, required, withAsterisk: required, ...f.field(name) };
  switch (kind) {
    case 'yes-no':
      // Its id is where the dashboard's "Answer the question on your profile" leads (/update-profile#agAffiliated).
      return (
        <div id={name} className={classes.anchor}>
          <YesNoField {...common} />
        </div>
      );
    case 'select':
      return (
        <NativeSelect
          {...common}
          autoComplete={def.autoComplete}
          data={(def.options ?? []).map((o) => ({ value: o.value, label: i18n._(o.label) }))}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          min={0}
          max={def.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          hideControls
          inputMode="numeric"
          w={{ base: '100%', sm: 280 }}
        />
      );
    case 'textarea':
      return <Textarea {...common} autosize minRows={3} maxRows={10} maxLength={def.maxLength} />;
    default:
      return (
        <TextInput
          {...common}
          type={kind === 'text' ? undefined : kind}
          inputMode={kind === 'text' ? def.inputMode : kind}
          autoComplete={def.autoComplete}
          maxLength={def.maxLength}
        />
      );
  }
}
