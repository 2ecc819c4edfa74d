import { useLingui } from '@lingui/react';
import { Anchor, Badge, Button, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicProfile } from '../../shared/profile';
import { UNNAMED_MEMBER } from '../../shared/member-name';
import { stateName } from '../../shared/states';
import { MemberEmailBox } from './member-email-box';
import classes from './directory.module.css';
import { BLANK_AVATAR_URL } from '../lib/blank-avatar';

type MemberCardProps = {
  member: PublicProfile;
  /** The reader's own card: no box to write to oneself. */
  isYou: boolean;
  canWrite: boolean;
};

/** A web address as people read it: without the scheme and a lone trailing slash. */
function shortUrl(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

function ExternalLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="nofollow ugc noopener noreferrer">
      {children ?? shortUrl(href)}
    </Anchor>
  );
}

/** An organisation with the member's title there and its web site, each only when given. */
function Organisation({ name, title, url }: { name: string | null; title: string | null; url: string | null }) {
  return (
    <>
      {[name, title].filter(Boolean).join(', ')}
      {url ? (
        <>
          {name || title ? ' · ' : null}
          <ExternalLink href={url} />
        </>
      ) : null}
    </>
  );
}

/**
 * One member of the directory: photo, name, city and state, badges, details behind a button, and the box to
 * write to them. Only public fields exist here (PublicProfile): never an address, phone or email.
 */
export function MemberCard({ member, isYou, canWrite }: MemberCardProps) {
  const { i18n } = useLingui();
  const [isOpen, setIsOpen] = useState(false);
  const nameId = useId();
  const detailsId = useId();
  const fullName = [member.firstName, member.lastName].filter(Boolean).join(' ') || i18n._(UNNAMED_MEMBER);
  const state = member.state !== 'NONE' ? stateName(member.state) : undefined;
  const place = [member.city, state ? i18n._(state) : null].filter(Boolean).join(', ');
  const details: Array<[string, ReactNode]> = [];
  if (member.church) details.push([i18n._('Church'), member.church]);
  if (member.orgAg || member.orgAgTitle || member.orgAgUrl) {
    details.push([i18n._('AG employer'), <Organisation name={member.orgAg} title={member.orgAgTitle} url={member.orgAgUrl} />]);
  }
  if (member.orgOther || member.orgOtherTitle || member.orgOtherUrl) {
    details.push([
      i18n._('Other organisation'),
      <Organisation name={member.orgOther} title={member.orgOtherTitle} url={member.orgOtherUrl} />,
    ]);
  }
  if (member.socialMedia) details.push([i18n._('Social media'), <ExternalLink href={member.socialMedia} />]);
  if (member.comments) details.push([i18n._('Comments'), <span className={classes.comments}>{member.comments}</span>]);

  const detailsButton = (
    <Button variant="subtle" size="xs" aria-expanded={isOpen} aria-controls={detailsId} onClick={() => setIsOpen((open) => !open)}>
      {i18n._('Details')}
      <VisuallyHidden> {i18n._('about {name}', { name: fullName })}</VisuallyHidden>
      <span aria-hidden="true" className={classes.chevron} data-open={isOpen} />
    </Button>
  );
  const detailsRegion = (
    <div id={detailsId} hidden={!isOpen}>
      {isOpen ? (
        details.length ? (
          <dl className={classes.details}>
            {details.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <Text size="sm">{isYou ? i18n._('You have shared no other details.') : i18n._('No other details shared.')}</Text>
        )
      ) : null}
    </div>
  );

  return (
    <article className={classes.card} aria-labelledby={nameId} data-member-id={member.uid}>
      <div className={classes.head}>
        <img className={classes.avatar} src={member.photoUrl ?? BLANK_AVATAR_URL} alt="" width={72} height={72} loading="lazy" />
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h4" id={nameId} className={classes.name}>
            {fullName}
          </Title>
          {place ? (
            <Text size="sm" c="dimmed">
              {place}
            </Text>
          ) : null}
          <div className={classes.badges}>
            {member.fosterParent === 'Yes' ? (
              <Badge color="teal" variant="light" c="teal.9" tt="none">
                {i18n._('Foster Parent')}
              </Badge>
            ) : null}
            {member.agCredentialed === 'Yes' ? (
              <Badge color="salmon.2" c="dark" tt="none">
                {i18n._('AG Credentialed')}
              </Badge>
            ) : null}
            {member.agChurch === 'Yes' ? (
              <Badge color="mustard.3" c="dark" tt="none">
                {i18n._('AG church')}
              </Badge>
            ) : null}
          </div>
        </div>
      </div>

      {isYou ? (
        <>
          <div className={classes.actions}>
            {detailsButton}
            <Text size="sm">
              {i18n._('This is you.')}{' '}
              <Anchor component={Link} to="/update-profile">
                {i18n._('Update your profile')}
              </Anchor>
            </Text>
          </div>
          {detailsRegion}
        </>
      ) : (
        <MemberEmailBox
          uid={member.uid}
          firstName={member.firstName ?? ''}
          fullName={fullName}
          canWrite={canWrite}
          leading={detailsButton}
          between={detailsRegion}
        />
      )}
    </article>
  );
}
