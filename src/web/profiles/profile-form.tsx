import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import {
  Anchor,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  FOSTER_KIDS_MAX,
  PHONE_INPUT_MAX,
  PROFILE_ADDRESS_MAX,
  PROFILE_COMMENTS_MAX,
  PROFILE_NAME_MAX,
  PROFILE_TEXT_MAX,
  PROFILE_URL_MAX,
} from '../../shared/limits';
import { PROFILE_FIELDS, profileSchema, type OwnProfile, type ProfileField } from '../../shared/profile';
import { STATE_NONE, US_STATES } from '../../shared/states';
import { flash } from '../app/flash-notice';
import { FormAlert } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { refreshMe } from '../auth/me-query';
import { isApiRequestError, isRateLimited } from '../lib/api';
import { fieldErrorsOf, type FieldErrors } from '../lib/field-errors';
import { PROFILE_QUERY_KEY, saveProfile, type ProfileResponse } from './profile-api';
import { YesNoField, type YesNoValue } from './yes-no-field';

export const PROFILE_SAVED_NOTICE = 'Your profile has been saved.';
const CHECK_FIELDS = 'Some answers need attention: see the notes beside the fields.';
const SAVE_FAILED = 'Your profile could not be saved. Please try again.';

type YesNoKey = 'agAffiliated' | 'agCredentialed' | 'agChurch' | 'fosterParent';
type FormValues = { [K in ProfileField]: K extends YesNoKey ? YesNoValue : K extends 'numberOfFosterKids' ? string | number : string };

function toFormValues(profile: OwnProfile): FormValues {
  const values = {} as Record<ProfileField, unknown>;
  for (const key of PROFILE_FIELDS) values[key] = profile[key] ?? '';
  if (profile.state === STATE_NONE) values.state = '';
  return values as FormValues;
}

const STATE_OPTIONS = [{ value: '', label: 'Choose your state' }, ...US_STATES.map((s) => ({ value: s.code, label: s.name }))];

/** SPEC §2 "Update profile form": every field, loaded from the saved profile, saved as a whole. */
export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FormValues>(() => toFormValues(profile));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  const set =
    <K extends ProfileField>(key: K) =>
    (value: FormValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const text = (key: ProfileField) => ({
    name: key,
    value: String(values[key]),
    onChange: (event: { currentTarget: { value: string } }) => set(key)(event.currentTarget.value as never),
    error: fieldErrors[key],
  });

  function showErrors(errors: FieldErrors) {
    setFieldErrors(errors);
    const first = PROFILE_FIELDS.find((key) => errors[key]);
    setFormError(first ? CHECK_FIELDS : (errors._ ?? SAVE_FAILED));
    // Move the keyboard (and a screen reader) to the first field that needs attention.
    if (first) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
  }

  const mutation = useMutation({
    mutationFn: saveProfile,
    onSuccess: async (data) => {
      queryClient.setQueryData<ProfileResponse>(PROFILE_QUERY_KEY, data);
      await refreshMe(queryClient);
      await navigate('/dashboard', flash(PROFILE_SAVED_NOTICE));
    },
    onError: (error) => {
      if (isApiRequestError(error) && error.fieldErrors) showErrors(error.fieldErrors);
      else setFormError(isRateLimited(error) || isApiRequestError(error) ? error.message : SAVE_FAILED);
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) {
      showErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setFieldErrors({});
    mutation.mutate(parsed.data);
  }

  return (
    <FormCard>
      <FormAlert message={formError} />
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="xl">
          <Text size="sm">First name, last name, phone and state are required (marked *); everything else is optional.</Text>

          <Section legend="About you">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First name" autoComplete="given-name" required withAsterisk maxLength={PROFILE_NAME_MAX} {...text('firstName')} />
              <TextInput label="Last name" autoComplete="family-name" required withAsterisk maxLength={PROFILE_NAME_MAX} {...text('lastName')} />
            </SimpleGrid>
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              required
              withAsterisk
              maxLength={PHONE_INPUT_MAX}
              description="Area code included. Only you and the network's administrators see it."
              {...text('phone')}
            />
          </Section>

          <Section
            legend="Where you live"
            description="Other members see your city and state. Your street address and ZIP code are never made public."
          >
            <TextInput
              label="Street address"
              autoComplete="street-address"
              maxLength={PROFILE_ADDRESS_MAX}
              description="Never made public: only you and the network's administrators see it."
              {...text('streetAddress')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="City" autoComplete="address-level2" maxLength={PROFILE_TEXT_MAX} {...text('city')} />
              <NativeSelect
                label="State"
                autoComplete="address-level1"
                required
                withAsterisk
                data={STATE_OPTIONS}
                {...text('state')}
              />
              <TextInput
                label="ZIP code"
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={10}
                {...text('userZip')}
              />
            </SimpleGrid>
          </Section>

          <Section legend="Your church">
            <TextInput label="Church name" autoComplete="off" maxLength={PROFILE_TEXT_MAX} {...text('church')} />
            <YesNoField
              name="agChurch"
              label="Is your church an Assemblies of God (AG) church?"
              value={values.agChurch}
              onChange={set('agChurch')}
              error={fieldErrors.agChurch}
            />
          </Section>

          <Section legend="Assemblies of God">
            <YesNoField
              name="agAffiliated"
              label="Are you affiliated with the Assemblies of God?"
              description="Yes if you attend or belong to an AG church, ministry or organisation."
              value={values.agAffiliated}
              onChange={set('agAffiliated')}
              error={fieldErrors.agAffiliated}
            />
            <YesNoField
              name="agCredentialed"
              label="Are you an AG credentialed minister?"
              value={values.agCredentialed}
              onChange={set('agCredentialed')}
              error={fieldErrors.agCredentialed}
            />
            <TextInput
              label="AG employer"
              autoComplete="organization"
              maxLength={PROFILE_TEXT_MAX}
              description="If you work for the AG: for example the General Council, a District Council, a local AG church, AG U.S. Missions, an AG university or the AG family-services agency."
              {...text('orgAg')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Your title at the AG employer" autoComplete="organization-title" maxLength={PROFILE_TEXT_MAX} {...text('orgAgTitle')} />
              <TextInput
                label="AG employer web site"
                type="url"
                inputMode="url"
                autoComplete="url"
                maxLength={PROFILE_URL_MAX}
                description="For example example.org"
                {...text('orgAgUrl')}
              />
            </SimpleGrid>
          </Section>

          <Section legend="Other organisation" description="Another ministry, agency or organisation you serve with, if any.">
            <TextInput label="Organisation" autoComplete="off" maxLength={PROFILE_TEXT_MAX} {...text('orgOther')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Your title at the organisation" autoComplete="off" maxLength={PROFILE_TEXT_MAX} {...text('orgOtherTitle')} />
              <TextInput
                label="Organisation web site"
                type="url"
                inputMode="url"
                autoComplete="off"
                maxLength={PROFILE_URL_MAX}
                description="For example example.org"
                {...text('orgOtherUrl')}
              />
            </SimpleGrid>
          </Section>

          <Section legend="Foster care">
            <YesNoField
              name="fosterParent"
              label="Are you a foster parent?"
              value={values.fosterParent}
              onChange={set('fosterParent')}
              error={fieldErrors.fosterParent}
            />
            <NumberInput
              name="numberOfFosterKids"
              label="Foster children in your home this year"
              description={`Kinship and non-kinship placements together, as a whole number from 0 to ${FOSTER_KIDS_MAX}.`}
              min={0}
              max={FOSTER_KIDS_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              hideControls
              inputMode="numeric"
              w={{ base: '100%', sm: 280 }}
              value={values.numberOfFosterKids}
              onChange={(v) => set('numberOfFosterKids')(v)}
              error={fieldErrors.numberOfFosterKids}
            />
          </Section>

          <Section legend="Online and comments">
            <TextInput
              label="Social media link"
              type="url"
              inputMode="url"
              autoComplete="off"
              maxLength={PROFILE_URL_MAX}
              description="A link to a page where people can follow you, for example facebook.com/yourname."
              {...text('socialMedia')}
            />
            <Textarea
              label="Comments"
              description="Anything you would like other members of the network to know."
              autosize
              minRows={3}
              maxRows={10}
              maxLength={PROFILE_COMMENTS_MAX}
              {...text('comments')}
            />
          </Section>

          <Group justify="space-between">
            <Anchor component={Link} to="/dashboard">
              Cancel
            </Anchor>
            <Button type="submit" loading={mutation.isPending}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </FormCard>
  );
}

function Section({ legend, description, children }: { legend: string; description?: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} variant="unstyled" styles={{ legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', marginBottom: 4 } }}>
      <Stack gap="md">
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Fieldset>
  );
}
