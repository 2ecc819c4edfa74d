import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { TWO_FACTOR_MESSAGES } from '../../shared/two-factor';
import classes from './two-factor.module.css';

const FILE_NAME = 'foster-care-network-recovery-codes.txt';

/** The recovery codes, shown once: with the sentence to store them now, a copy button and a download. */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const text = `Foster Care Network recovery codes for ${email}\nEach code works once, in place of a code from the authenticator app.\n\n${codes.join('\n')}\n`;

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
      <Text fw={700}>{TWO_FACTOR_MESSAGES.storeRecoveryCodes}</Text>
      <ul className={classes.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Group gap="sm">
        <Button variant="default" size="xs" onClick={() => void copy()}>
          Copy the codes
        </Button>
        <Button
          component="a"
          variant="default"
          size="xs"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={FILE_NAME}
        >
          Download the codes
        </Button>
      </Group>
      <Text size="sm" role="status" c={copied === 'failed' ? 'red.9' : undefined}>
        {copied === 'yes'
          ? 'Copied.'
          : copied === 'failed'
            ? 'This browser did not let us copy: select the codes and copy them yourself.'
            : ''}
      </Text>
    </Stack>
  );
}
