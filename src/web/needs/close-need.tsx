import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { Button, Group, Modal, NumberInput, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { needCloseSchema } from '../../shared/need-responses';
import { NEED_CHILDREN_SERVED_MAX, NEED_OUTCOMES, NEED_THANK_YOU_MAX, type NeedOutcome, type NeedPage } from '../../shared/needs';
import { FormActions } from '../app/form-actions';
import { FormAlert } from '../app/form-alert';
import { isApiRequestError } from '../lib/api';
import { useSchemaForm } from '../lib/use-schema-form';
import { useCloseNeed } from './need-responses-api';

// The asker's (or an admin's) end of a need (issue 26): how it went, how many children it served, and a
// thank-you shown on the need, with the same rule as the need's own text (no names, no contact details).

type CloseValues = { outcome: NeedOutcome; childrenServed: number | string; thankYou: string };

const toInput = (v: CloseValues) => ({
  ...v,
  childrenServed: v.childrenServed === '' ? undefined : Number(v.childrenServed),
});
const CHECK_FIELDS = /*i18n*/ 'Please check the fields marked below.';

/** "Close this need" and its dialog, for the asker and admins while the need is open. */
export function CloseNeed({ need }: { need: NeedPage }) {
  const { i18n } = useLingui();
  const [isOpen, setOpen] = useState(false);
  const titleId = useId();
  const fullyCommitted = need.totalUnits > 0 && need.committedUnits >= need.totalUnits;
  const initialValues: CloseValues = { outcome: fullyCommitted ? 'met' : 'partly_met', childrenServed: '', thankYou: '' };
  const f = useSchemaForm({ schema: needCloseSchema, toInput, initialValues });
  const close = useCloseNeed(need.id, {
    onSuccess: () => setOpen(false),
    onError: (error) => f.failWith(error, isApiRequestError(error) && error.fieldErrors ? i18n._(CHECK_FIELDS) : error.message),
  });
  if (need.status !== 'open' || !need.may.close) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {i18n._('When it is done')}
      </Title>
      <Text mt="xs">{i18n._('Record how it went: those who committed are told, and your thank-you is shown on the need.')}</Text>
      <Button mt="sm" variant="outline" onClick={() => setOpen(true)}>
        {i18n._('Close this need')}
      </Button>
      <Modal.Root opened={isOpen} onClose={() => setOpen(false)} centered>
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header component="div">
            <Modal.Title>{i18n._('Close “{title}”', { title: need.title })}</Modal.Title>
            <Modal.CloseButton aria-label={i18n._('Close')} />
          </Modal.Header>
          <Modal.Body>
            <FormAlert message={f.formError} />
            <form {...f.formProps((data) => close.mutate(data))} aria-label={i18n._('Close this need')}>
              <Stack gap="md">
                <Radio.Group label={i18n._('How did it go?')} required withAsterisk {...f.field('outcome')}>
                  <Stack gap="xs" mt={6}>
                    {NEED_OUTCOMES.map((o) => (
                      <Radio key={o.code} value={o.code} label={i18n._(o.label)} />
                    ))}
                  </Stack>
                </Radio.Group>
                <NumberInput
                  label={i18n._('Children it served')}
                  required
                  withAsterisk
                  min={0}
                  max={NEED_CHILDREN_SERVED_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                  {...f.field('childrenServed')}
                />
                <Textarea
                  label={i18n._('Thank-you (shown on the need)')}
                  description={i18n._("No child's name, school or placement detail, and no phone number, email or street address.")}
                  autosize
                  minRows={3}
                  maxLength={NEED_THANK_YOU_MAX}
                  {...f.field('thankYou')}
                />
                <Group justify="flex-end">
                  <FormActions
                    submitLabel={i18n._('Close the need')}
                    isPending={close.isPending}
                    onCancel={() => setOpen(false)}
                    isCancelLockedWhilePending
                  />
                </Group>
              </Stack>
            </form>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </Paper>
  );
}
