import { Box, Button, Group, Loader, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { needAlertInputSchema, type NeedAlert } from '../../shared/contracts/need-alerts';
import { NEED_ALERT_RADII } from '../../shared/needs';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { useSchemaForm } from '../lib/use-schema-form';
import { needAlertQueryOptions, useRemoveNeedAlert, useSaveNeedAlert } from './need-alert-api';
import { SimpleGrid } from '../app/simple-grid';

const LOAD_FAILED = /*i18n*/ 'Your needs alert could not be loaded just now. Please reload the page in a moment.';
const SAVE_FAILED = /*i18n*/ 'Your needs alert could not be saved just now. Please try again in a moment.';

type Values = { zip: string; radiusMiles: string };
/** The select holds text; the schema checks the number. */
const toInput = (v: Values) => ({ zip: v.zip, radiusMiles: Number(v.radiusMiles) });

/** "Tell me about needs near me" on /settings/notifications: a ZIP code and a distance, or none. */
export function NeedAlertSection() {
  const { i18n } = useLingui();
  const alert = useQuery(needAlertQueryOptions);
  return (
    <Box mt="lg">
      <FormCard>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {i18n._('Tell me about needs near me')}
          </Title>
          <Text size="sm">
            {i18n._(
              'When a foster family near you asks for something on the needs board (a bed, meals, a ride), we tell you once: on the site, and by mail unless you turn that mail off above.',
            )}
          </Text>
          {alert.isPending ? (
            <Group gap="sm" role="status">
              <Loader size="sm" aria-hidden />
              <Text>{i18n._('Loading…')}</Text>
            </Group>
          ) : null}
          <FormAlert message={alert.isError ? i18n._(LOAD_FAILED) : null} />
          {alert.data ? <NeedAlertForm saved={alert.data} /> : null}
        </Stack>
      </FormCard>
    </Box>
  );
}

function NeedAlertForm({ saved }: { saved: NeedAlert }) {
  const { i18n } = useLingui();
  const radiusOptions = NEED_ALERT_RADII.map((r) => ({ value: String(r), label: i18n._('Within {miles} miles', { miles: r }) }));
  const [note, setNote] = useState<string | null>(null);
  const f = useSchemaForm({
    schema: needAlertInputSchema,
    toInput,
    initialValues: { zip: saved.alert?.zip ?? '', radiusMiles: String(saved.alert?.radiusMiles ?? 15) },
    onSubmitStart: () => setNote(null),
  });
  const save = useSaveNeedAlert({
    onRefreshed: (now) =>
      setNote(
        now.alert
          ? i18n._('Saved. You will hear of needs within {miles} miles of {city}, {state} ({zip}).', {
              miles: now.alert.radiusMiles,
              city: now.alert.city,
              state: now.alert.state,
              zip: now.alert.zip,
            })
          : null,
      ),
    onError: (error) => f.failWith(error, i18n._(SAVE_FAILED)),
  });
  const remove = useRemoveNeedAlert({
    onRefreshed: () => {
      f.form.setValues({ zip: '' });
      setNote(i18n._('Removed. You will not hear of needs near a ZIP code any more.'));
    },
    onError: (error) => f.failWith(error, i18n._(SAVE_FAILED)),
  });
  return (
    <form {...f.formProps((data) => save.mutate(data))} aria-label={i18n._('Needs near me')}>
      <Stack gap="md">
        <FormAlert message={f.formError} />
        <FormSuccess message={note} />
        {saved.alert ? (
          <Text size="sm">
            {i18n._('Now: needs within {miles} miles of {city}, {state} ({zip}).', {
              miles: saved.alert.radiusMiles,
              city: saved.alert.city,
              state: saved.alert.state,
              zip: saved.alert.zip,
            })}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={i18n._('ZIP code')} required withAsterisk inputMode="numeric" maxLength={10} {...f.field('zip')} />
          <NativeSelect label={i18n._('Distance')} data={radiusOptions} {...f.field('radiusMiles')} />
        </SimpleGrid>
        <Group justify="flex-end">
          {saved.alert ? (
            <Button variant="default" onClick={() => remove.mutate()} loading={remove.isPending}>
              {i18n._('Stop telling me')}
            </Button>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            {saved.alert ? i18n._('Save') : i18n._('Tell me')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
