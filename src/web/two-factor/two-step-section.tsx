import { Trans, useLingui } from '@lingui/react';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { Me } from '../../shared/account';
import { PasswordConfirmForm } from './password-confirm-form';
import { FormSuccess } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { refreshMe } from '../lib/me-query';
import { RecoveryCodes } from './recovery-codes';
import { SecondFactorForm } from './second-factor-form';
import { newRecoveryCodes, turnOffTwoFactor, twoFactorErrorMessage } from './two-factor-api';

// The set-up and its QR library load only when a member starts it.
const TwoFactorSetup = lazy(() => import('./two-factor-setup'));

type Panel = 'none' | 'setup' | 'turnOff' | 'newCodes';

/**
 * The dashboard's "Two-step sign-in": any member may turn it on (the same guided set-up admins get) or off,
 * and make new recovery codes. Turning it off and new codes need the password, from a session that passed
 * the factor (the server's rule): a session that has not is asked for a code first.
 */
export function TwoStepSection({ me }: { me: Me }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<Panel>('none');
  const [notice, setNotice] = useState<string>();

  async function changed(message?: string) {
    await refreshMe(queryClient);
    setPanel('none');
    setNotice(message);
  }

  return (
    <section aria-labelledby="two-step-title">
      <FormCard>
        <Stack gap="sm">
          <Title order={2} size="h4" id="two-step-title">
            {i18n._('Two-step sign-in')}
          </Title>
          <FormSuccess message={notice} />
          {me.twoFactorEnabled ? (
            <Text>
              <Trans
                id="<0>On.</0> Each sign-in asks for a code from your authenticator app after your password."
                components={{ 0: <strong /> }}
              />
            </Text>
          ) : (
            <Text>
              {me.isAdmin ? (
                <Trans
                  id="<0>Off.</0> Add a code from an authenticator app to each sign-in, so a stolen password is not enough. Admins need it to open the admin area."
                  components={{ 0: <strong /> }}
                />
              ) : (
                <Trans
                  id="<0>Off.</0> Add a code from an authenticator app to each sign-in, so a stolen password is not enough."
                  components={{ 0: <strong /> }}
                />
              )}
            </Text>
          )}

          {panel === 'setup' ? (
            <Suspense fallback={<Loader aria-label={i18n._('Loading the set-up')} />}>
              <TwoFactorSetup
                email={me.email}
                headingOrder={3}
                onDone={() => changed(i18n._('Two-step sign-in is on.'))}
                onCancel={() => setPanel('none')}
              />
            </Suspense>
          ) : null}
          {panel === 'turnOff' || panel === 'newCodes' ? (
            me.secondFactorPassed ? (
              <PasswordAction panel={panel} email={me.email} onDone={changed} onCancel={() => setPanel('none')} />
            ) : (
              <Stack gap="xs">
                <Text>{i18n._('First enter a code for this sign-in.')}</Text>
                <SecondFactorForm onPassed={() => refreshMe(queryClient)} isFocusedAtStart />
              </Stack>
            )
          ) : null}

          {panel === 'none' ? (
            <Group gap="sm">
              {me.twoFactorEnabled ? (
                <>
                  <Button variant="default" onClick={() => setPanel('newCodes')}>
                    {i18n._('New recovery codes')}
                  </Button>
                  <Button variant="outline" color="red.9" onClick={() => setPanel('turnOff')}>
                    {i18n._('Turn off two-step sign-in')}
                  </Button>
                </>
              ) : (
                <Button onClick={() => setPanel('setup')}>{i18n._('Turn on two-step sign-in')}</Button>
              )}
            </Group>
          ) : null}
        </Stack>
      </FormCard>
    </section>
  );
}

type PasswordActionProps = {
  panel: 'turnOff' | 'newCodes';
  email: string;
  onDone: (message?: string) => Promise<void>;
  onCancel: () => void;
};

/** Turning it off, or new recovery codes: both ask for the password. */
function PasswordAction({ panel, email, onDone, onCancel }: PasswordActionProps) {
  const { i18n } = useLingui();
  const [formError, setFormError] = useState<string>();
  const [codes, setCodes] = useState<string[]>();
  const isTurnOff = panel === 'turnOff';
  const mutation = useMutation({
    mutationFn: async (pw: string): Promise<string[] | null> => {
      if (!isTurnOff) return (await newRecoveryCodes(pw)).backupCodes;
      await turnOffTwoFactor(pw);
      return null;
    },
    onSuccess: async (newCodes) => {
      if (newCodes) setCodes(newCodes);
      else await onDone(i18n._('Two-step sign-in is off.'));
    },
    onError: (error) => setFormError(twoFactorErrorMessage(error, i18n)),
  });

  if (codes) {
    return (
      <Stack gap="sm">
        <RecoveryCodes codes={codes} email={email} />
        <Text size="sm">{i18n._('The codes you had before no longer work.')}</Text>
        <Group justify="flex-end">
          <Button onClick={() => void onDone()}>{i18n._('I have stored them')}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <PasswordConfirmForm
      gap="sm"
      intro={
        isTurnOff
          ? i18n._('Sign-ins will then ask for your password only.')
          : i18n._('New codes replace the ones you have: those stop working.')
      }
      submitLabel={isTurnOff ? i18n._('Turn off two-step sign-in') : i18n._('Make new recovery codes')}
      submitColor={isTurnOff ? 'red.9' : undefined}
      isPending={mutation.isPending}
      formError={formError}
      onAttempt={() => setFormError(undefined)}
      onSubmit={(password) => mutation.mutate(password)}
      onCancel={onCancel}
    />
  );
}
