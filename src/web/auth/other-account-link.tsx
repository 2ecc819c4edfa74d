import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

const OTHER = {
  '/signup': { question: 'Need an account?', label: 'Sign Up' },
  '/signin': { question: 'Already have an account?', label: 'Sign In' },
} as const;

/** Below an account form, the way to the other one: "Need an account? Sign Up", or back to signing in. */
export function OtherAccountLink({ to }: { to: keyof typeof OTHER }) {
  const { question, label } = OTHER[to];
  return (
    <Text ta="center" mt="lg">
      {question}{' '}
      <Anchor component={Link} to={to}>
        {label}
      </Anchor>
    </Text>
  );
}
