import { useLingui } from '@lingui/react';
import { Text } from '@mantine/core';
import { ProseLink, ProseList, ProsePage, ProseSection } from './prose';

/** /accessibility: the standard the site aims at, how it is tested, what is known not to work, how to tell us. */
export default function AccessibilityPage() {
  const { i18n } = useLingui();
  return (
    <ProsePage title={i18n._('Accessibility')}>
      <Text size="lg">
        {i18n._(
          'Everyone who cares for children in foster care should be able to use this site, whatever device they use and however they read, move or listen.',
        )}
      </Text>
      <ProseSection title={i18n._('The standard we aim for')}>
        <Text>
          {i18n._(
            'We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA on every page, in English and in Spanish, on a phone and on a computer.',
          )}
        </Text>
      </ProseSection>
      <ProseSection title={i18n._('How we test it')}>
        <ProseList
          items={[
            i18n._(
              'Every change to the site runs automated checks (axe) on its pages at a phone’s and a computer’s width, in both languages, and a change is accepted only when they pass.',
            ),
            i18n._(
              'The tests use the site the way a keyboard and a screen reader do: they find every field, button and link by its name and role, and they check where the keyboard’s focus goes.',
            ),
            i18n._('Colours are chosen for contrast, text can be enlarged, and animations stop when your device asks for less motion.'),
          ]}
        />
      </ProseSection>
      <ProseSection title={i18n._('What we know is not yet right')}>
        <ProseList
          items={[
            i18n._('Fact sheets and resources in PDF come from other organizations and may not read well with a screen reader.'),
            i18n._('What members write (posts, needs, care-team updates) is shown in the language it was written in, with no translation.'),
            i18n._(
              'Automated checks find only some problems: we have not yet had the site tested by people who use assistive technology every day.',
            ),
          ]}
        />
      </ProseSection>
      <ProseSection title={i18n._('Tell us about a problem')}>
        <Text>
          {i18n._(
            'If something on the site is hard or impossible for you to use, please tell us through the contact page: say which page, what you tried and what you use (for example a screen reader or zoom). We will fix it or send you what you need another way.',
          )}
        </Text>
        <ProseLink to="/contact">{i18n._('Write to the team')}</ProseLink>
      </ProseSection>
      <Text size="sm" c="dimmed" mt="xl">
        {i18n._('This statement was written in November 2026.')}
      </Text>
    </ProsePage>
  );
}
