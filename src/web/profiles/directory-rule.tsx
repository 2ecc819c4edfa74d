import { useLingui } from '@lingui/react';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

// The directory's rule (issue 29): it lists only members who answer Yes to "Are you affiliated with the Assemblies
// of God?". A member who left it blank, or answered No, was left out without a word; wherever the member is (the
// profile form, the dashboard, the confirmation mail) the site now says so, with the way to be listed.

/** For a member with a saved profile who is not listed: why, and the way to be listed. */
export function DirectoryRuleNotice({ answer, withLink = true }: { answer: 'Yes' | 'No' | null; withLink?: boolean }) {
  const { i18n } = useLingui();
  return (
    <div data-directory-rule>
      <Text fw={700}>{i18n._('You are not listed in the member directory')}</Text>
      <Text size="sm" mb={withLink ? 4 : 0}>
        {answer === 'No'
          ? i18n._(
              'The directory lists members affiliated with the Assemblies of God, and you answered No. If you attend or belong to an AG church, ministry or organisation, answer Yes to be listed.',
            )
          : i18n._(
              'The directory lists members who answer Yes to “Are you affiliated with the Assemblies of God?”, and you have not answered it. Answer Yes to be listed.',
            )}
      </Text>
      {withLink ? (
        <Anchor component={Link} to="/update-profile#agAffiliated" fw={700} underline="always">
          {i18n._('Answer the question on your profile')}
        </Anchor>
      ) : null}
    </div>
  );
}
