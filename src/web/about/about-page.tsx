import { useLingui } from '@lingui/react';
import { Text } from '@mantine/core';
import { ProseLink, ProseList, ProsePage, ProseSection } from './prose';

/** /about: who the network is, its Assemblies of God affiliation, and how to reach the team (issue 29). */
export default function AboutPage() {
  const { i18n } = useLingui();
  return (
    <ProsePage title={i18n._('About the network')}>
      <Text size="lg">
        {i18n._(
          'The Foster Care Network brings churches and families together around children in foster care: churches that pray, give and help, and families who open their homes.',
        )}
      </Text>
      <ProseSection title={i18n._('Who we are')}>
        <Text>
          {i18n._(
            'We are a network of Assemblies of God (AG) churches and ministries, a family-services agency and foster and adoptive families across the United States. Our goal is that member churches and families care for 20,000 children, about 5% of the children in U.S. foster care, since AG churches are about 5% of the country’s evangelical churches.',
          )}
        </Text>
        <Text>
          {i18n._(
            'Churches can solve two problems: there are too few foster and adoptive families, and about half of foster families stop in their first year. Churches have families, and they have the support around them that keeps a family going.',
          )}
        </Text>
      </ProseSection>
      <ProseSection title={i18n._('Our Assemblies of God affiliation')}>
        <Text>
          {i18n._(
            'This is an Assemblies of God network: it works alongside the Assemblies of God’s ministries, among them COMPACT Family Services, the Assemblies of God’s own foster-care ministry. Anyone who cares for children in foster care is welcome to join, read and take part; the member directory lists members who attend or belong to an AG church, ministry or organization.',
          )}
        </Text>
      </ProseSection>
      <ProseSection title={i18n._('What happens here')}>
        <ProseList
          items={[
            i18n._('Churches near a foster family hear of its needs and meet them: a bed, clothes, meals, a ride.'),
            i18n._('A care team of volunteers from a church stands with one family, with a shared calendar of meals, rides and respite.'),
            i18n._('Members talk in Discuss, find each other in the directory and share resources and fact sheets.'),
          ]}
        />
      </ProseSection>
      <ProseSection title={i18n._('How to reach us')}>
        <Text>
          {i18n._(
            'Write to the team through the contact page: we read every message and answer by email. Caseworkers at an agency can ask for an account to bring a family’s needs to the churches.',
          )}
        </Text>
        <ProseLink to="/contact">{i18n._('Write to the team')}</ProseLink>
        <ProseLink to="/caseworkers/apply">{i18n._('For caseworkers')}</ProseLink>
      </ProseSection>
    </ProsePage>
  );
}
