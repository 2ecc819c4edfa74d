import '@mantine/core/styles/SimpleGrid.layer.css';
import { Box, Button, Group, Loader, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { needAlertInputSchema, type NeedAlert } from '../../shared/contracts/need-alerts';
import { NEED_ALERT_RADII } from '../../shared/needs';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { useSchemaForm } from '../lib/use-schema-form';
import { needAlertQueryOptions, useRemoveNeedAlert, useSaveNeedAlert } from './need-alert-api';

const LOAD_FAILED = 'Your needs alert could not be loaded just now. Please reload the page in a moment.';
const SAVE_FAILED = 'Your needs alert could not be saved just now. Please try again in a moment.';
const RADIUS_OPTIONS = NEED_ALERT_RADII.map((r) => ({ value: String(r), label: `Within ${r} miles` }));

type Values = { zip: string; radiusMiles: string };
/** The select holds text; the schema checks the number. */
const toInput = (v: Values) => ({ zip: v.zip, radiusMiles: Number(v.radiusMiles) });

/** "Tell me about needs near me" on /settings/notifications: a ZIP code and a distance, or none. */
export function NeedAlertSection() {
  const alert = useQuery(needAlertQueryOptions);
  return (
    <Box mt="lg">
      <FormCard>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Tell me about needs near me
          </Title>
          <Text size="sm">
            When a foster family near you asks for something on the needs board (a bed, meals, a ride), we tell you once: on the site, and
            by mail unless you turn that mail off above.
          </Text>
          {alert.isPending ? (
            <Group gap="sm" role="status">
              <Loader size="sm" aria-hidden />
              <Text>Loading…</Text>
            </Group>
          ) : null}
          <FormAlert message={alert.isError ? LOAD_FAILED : null} />
          {alert.data ? <NeedAlertForm saved={alert.data} /> : null}
        </Stack>
      </FormCard>
    </Box>
  );
}

function NeedAlertForm({ saved }: { saved: NeedAlert }) {
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
          ? `Saved. You will hear of needs within ${now.alert.radiusMiles} miles of ${now.alert.city}, ${now.alert.state} (${now.alert.zip}).`
          : null,
      ),
    onError: (error) => f.failWith(error, SAVE_FAILED),
  });
  const remove = useRemoveNeedAlert({
    onRefreshed: () => {
      f.form.setValues({ zip: '' });
      setNote('Removed. You will not hear of needs near a ZIP code any more.');
    },
    onError: (error) => f.failWith(error, SAVE_FAILED),
  });
  return (
    <form {...f.formProps((data) => save.mutate(data))} aria-label="Needs near me">
      <Stack gap="md">
        <FormAlert message={f.formError} />
        <FormSuccess message={note} />
        {saved.alert ? (
          <Text size="sm">
            Now: needs within {saved.alert.radiusMiles} miles of {saved.alert.city}, {saved.alert.state} ({saved.alert.zip}).
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="ZIP code" required withAsterisk inputMode="numeric" maxLength={10} {...f.field('zip')} />
          <NativeSelect label="Distance" data={RADIUS_OPTIONS} {...f.field('radiusMiles')} />
        </SimpleGrid>
        <Group justify="flex-end">
          {saved.alert ? (
            <Button variant="default" onClick={() => remove.mutate()} loading={remove.isPending}>
              Stop telling me
            </Button>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            {saved.alert ? 'Save' : 'Tell me'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
