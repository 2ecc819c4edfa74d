import { useLingui } from '@lingui/react';
import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { totpKeyOf } from '../../shared/two-factor';
import { FormActions } from '../app/form-actions';
import { FormAlert } from '../app/form-alert';
import { useSchemaForm } from '../lib/use-schema-form';
import { CodeField, TOTP_FORM } from './code-field';
import { PasswordConfirmForm } from './password-confirm-form';
import { RecoveryCodes } from './recovery-codes';
import { startTwoFactorSetup, twoFactorErrorMessage, verifyTotp, type TotpSetup } from './two-factor-api';
import classes from './two-factor.module.css';

type TwoFactorSetupProps = {
  email: string;
  /** The factor is on and this session passed it. */
  onDone: () => void | Promise<void>;
  onCancel?: () => void;
  /** The level of the steps' headings under the page's own (2 on a page of its own, 3 in a section). */
  headingOrder?: 2 | 3;
};

/**
 * Setting up two-step sign-in, guided: the password, then the key (a QR code and the same key as text), the
 * recovery codes to store, and a code from the app to prove it was added. The factor is on only after that
 * code (the server's rule too). Its own chunk: the QR library loads only here.
 */
export default function TwoFactorSetup({ email, onDone, onCancel, headingOrder = 2 }: TwoFactorSetupProps) {
  const [setup, setSetup] = useState<TotpSetup>();
  return setup ? (
    <ConfirmStep setup={setup} email={email} onDone={onDone} onCancel={onCancel} headingOrder={headingOrder} />
  ) : (
    <PasswordStep onStarted={setSetup} onCancel={onCancel} />
  );
}

function PasswordStep({ onStarted, onCancel }: { onStarted: (setup: TotpSetup) => void; onCancel: (() => void) | undefined }) {
  const { i18n } = useLingui();
  const [formError, setFormError] = useState<string>();
  const mutation = useMutation({
    mutationFn: startTwoFactorSetup,
    onSuccess: onStarted,
    onError: (error) => setFormError(twoFactorErrorMessage(error, i18n)),
  });
  return (
    <PasswordConfirmForm
      intro={i18n._(
        'After your password, each sign-in will ask for a 6-digit code from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password). First, confirm it is you.',
      )}
      submitLabel={i18n._('Continue')}
      isPending={mutation.isPending}
      formError={formError}
      onAttempt={() => setFormError(undefined)}
      onSubmit={(password) => mutation.mutate(password)}
      onCancel={onCancel}
    />
  );
}

type ConfirmStepProps = {
  setup: TotpSetup;
  email: string;
  onDone: () => void | Promise<void>;
  onCancel: (() => void) | undefined;
  headingOrder: 2 | 3;
};

function ConfirmStep({ setup, email, onDone, onCancel, headingOrder }: ConfirmStepProps) {
  const { i18n } = useLingui();
  const f = useSchemaForm({ schema: TOTP_FORM, initialValues: { code: '' } });
  const [copied, setCopied] = useState<string>('');
  const firstHeading = useRef<HTMLHeadingElement>(null);
  const codeField = useRef<HTMLInputElement>(null);
  const key = totpKeyOf(setup.totpURI);

  // The password form is gone: the reader continues at the first new step.
  useEffect(() => firstHeading.current?.focus(), []);

  const mutation = useMutation({
    mutationFn: verifyTotp,
    onSuccess: () => onDone(),
    onError: (error) => {
      f.setFormError(twoFactorErrorMessage(error, i18n));
      f.form.setFieldValue('code', '');
      codeField.current?.focus();
    },
  });

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(key.replace(/\s+/g, ''));
      setCopied(i18n._('Key copied.'));
    } catch {
      setCopied(i18n._('This browser did not let us copy: select the key and copy it yourself.'));
    }
  }

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={headingOrder} size="h4" ref={firstHeading} tabIndex={-1}>
          {i18n._('1. Add this site to your authenticator app')}
        </Title>
        <Text>{i18n._('In the app, choose to add an account, then scan this QR code with your phone’s camera.')}</Text>
        <QRCodeSVG
          value={setup.totpURI}
          size={184}
          marginSize={0}
          level="M"
          className={classes.qr}
          role="img"
          aria-label={i18n._('QR code for your authenticator app')}
        />
        <Textarea
          label={i18n._('Cannot scan it? Enter this key in the app instead (time-based)')}
          readOnly
          rows={2}
          value={key}
          classNames={{ input: classes.key }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group gap="sm">
          <Button variant="default" size="xs" onClick={() => void copyKey()}>
            {i18n._('Copy the key')}
          </Button>
          <Text size="sm" role="status">
            {copied}
          </Text>
        </Group>
      </Stack>

      <Stack gap="sm">
        <Title order={headingOrder} size="h4">
          {i18n._('2. Store your recovery codes')}
        </Title>
        <RecoveryCodes codes={setup.backupCodes} email={email} />
      </Stack>

      <form {...f.formProps(({ code }) => mutation.mutate(code))}>
        <Stack gap="sm">
          <Title order={headingOrder} size="h4">
            {i18n._('3. Enter the code the app shows')}
          </Title>
          <FormAlert message={f.formError} />
          <CodeField ref={codeField} kind="totp" {...f.field('code')} />
          <FormActions submitLabel={i18n._('Turn on two-step sign-in')} isPending={mutation.isPending} onCancel={onCancel} />
        </Stack>
      </form>
    </Stack>
  );
}
