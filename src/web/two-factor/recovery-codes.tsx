import { useLingui } from '@lingui/react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { TWO_FACTOR_MESSAGES } from '../../shared/two-factor';
import classes from './two-factor.module.css';

const FILE_NAME = 'foster-care-network-recovery-codes.txt';

/** The recovery codes, shown once: with the sentence to store them now, a copy button and a download. */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const { i18n } = useLingui();
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const heading = i18n._('Foster Care Network recovery codes for {email}', { email });
  const note = i18n._('Each code works once, in place of a code from the authenticator app.');
  const text = `${heading}\n${note}\n\n${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <Stack gap="xs">
      <Text fw={700}>{i18n._(TWO_FACTOR_MESSAGES.storeRecoveryCodes)}</Text>
      <ul className={classes.codes} aria-label={i18n._('Recovery codes')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Group gap="sm">
        <Button variant="default" size="xs" onClick={() => void copy()}>
          {i18n._('Copy the codes')}
        </Button>
        <Button
          component="a"
          variant="default"
          size="xs"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={FILE_NAME}
        >
          {i18n._('Download the codes')}
        </Button>
      </Group>
      <Text size="sm" role="status" c={copied === 'failed' ? 'red.9' : undefined}>
        {copied === 'yes'
          ? i18n._('Copied.')
          : copied === 'failed'
            ? i18n._('This browser did not let us copy: select the codes and copy them yourself.')
            : ''}
      </Text>
    </Stack>
  );
}
