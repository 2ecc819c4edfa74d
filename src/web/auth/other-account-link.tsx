import { useLingui } from '@lingui/react';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

const OTHER = {
  '/signup': { question: /*i18n*/ 'Need an account?', label: /*i18n*/ 'Sign Up' },
  '/signin': { question: /*i18n*/ 'Already have an account?', label: /*i18n*/ 'Sign In' },
} as const;

/** Below an account form, the way to the other one: "Need an account? Sign Up", or back to signing in. */
export function OtherAccountLink({ to }: { to: keyof typeof OTHER }) {
  const { i18n } = useLingui();
  const { question, label } = OTHER[to];
  return (
    <Text ta="center" mt="lg">
      {i18n._(question)}{' '}
      <Anchor component={Link} to={to}>
        {i18n._(label)}
      </Anchor>
    </Text>
  );
}
