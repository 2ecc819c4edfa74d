import { useLingui } from '@lingui/react';
import { Text } from '@mantine/core';
import { ProseLink, ProseList, ProsePage, ProseSection } from './prose';

/**
 * /privacy in plain words: what the site keeps, who sees it, for how long, and how to have it deleted. Each
 * sentence is what the code does (decisions 004, 006, 014, 023, 041; product.md §3.11 and the care engine's rules):
 * change it with them.
 */
export default function PrivacyPage() {
  const { i18n } = useLingui();
  return (
    <ProsePage title={i18n._('Privacy')}>
      <Text size="lg">
        {i18n._(
          'The network keeps only what it needs to bring churches and foster families together, and it never keeps anything that could identify a child in foster care. Here is what we keep, who sees it, for how long, and how to have it deleted.',
        )}
      </Text>
      <ProseSection title={i18n._('What we keep about members')}>
        <ProseList
          items={[
            i18n._('Your email address, and your password as a one-way hash that nobody can read back.'),
            i18n._(
              'Your profile: your name, church, city, state, street address and phone number, and your answers to the profile’s questions (for example whether you are a foster parent).',
            ),
            i18n._('Your photo, if you add one: cropped, re-encoded and stripped of its hidden details, such as where it was taken.'),
            i18n._(
              'What you write and do here: posts and responses, needs you ask for and what you give to them, your church, your care teams’ tasks and posts, and your notification settings.',
            ),
            i18n._('The mail the site sends you, in the team’s mail log, with whether it was delivered.'),
          ]}
        />
      </ProseSection>
      <ProseSection title={i18n._('What we keep about families and children')}>
        <Text>
          {i18n._(
            'There is no place on the site for a child’s name, photo, school or case. A need says what a family needs and the town, never a street address. A family’s practical details on its care team (the address, food and the best times) are shown only to the members of that team who have the clearances their role needs.',
          )}
        </Text>
        <Text>
          {i18n._(
            'Clearances (a background check, the confidentiality agreement, a training) are kept as a status and dates only, never what a check found.',
          )}
        </Text>
      </ProseSection>
      <ProseSection title={i18n._('Who sees what')}>
        <ProseList
          items={[
            i18n._('Anyone: posts and responses in Discuss (with the author’s name), churches’ pages and the needs board.'),
            i18n._(
              'Signed-in members: the directory’s entries (name, city, state, church and photo) of members who are listed. Your street address, phone number and email address are never shown to other members; a member who writes to you does so through the site.',
            ),
            i18n._('Your church’s point persons: that you belong to the church, and the dates of your clearances if they record them.'),
            i18n._('Your care team: your name and role, and whether you are cleared for it (yes or no, never the records).'),
            i18n._(
              'The network’s administrators: everything above, your profile with its private fields, and the mail log. Each of them signs in with a second step.',
            ),
          ]}
        />
      </ProseSection>
      <ProseSection title={i18n._('Visits and cookies')}>
        <Text>
          {i18n._(
            'We count page views without following anyone: no cookie, no stored address, only a key that changes every day, and nothing at all when your browser asks not to be tracked. Cookies are used only for your sign-in and for the language you chose.',
          )}
        </Text>
      </ProseSection>
      <ProseSection title={i18n._('How long we keep it')}>
        <ProseList
          items={[
            i18n._('Your account and profile: until you delete them.'),
            i18n._('The mail log: until an administrator deletes the mail.'),
            i18n._(
              'Backups: as the site is set up, it is copied once a day and the newest 14 copies are kept, so something deleted is gone from the backups about two weeks later.',
            ),
          ]}
        />
      </ProseSection>
      <ProseSection title={i18n._('How to have it deleted')}>
        <Text>
          {i18n._(
            'You can delete your account yourself from your dashboard: your sign-in, your profile and directory entry and your photo go at once. Your posts and responses stay, shown as from a former member. To have them removed too, or anything else we keep, write to the team.',
          )}
        </Text>
        <ProseLink to="/delete-account">{i18n._('Delete your account')}</ProseLink>
        <ProseLink to="/contact">{i18n._('Write to the team')}</ProseLink>
      </ProseSection>
    </ProsePage>
  );
}
