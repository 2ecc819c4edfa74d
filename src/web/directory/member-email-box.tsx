import { useLingui } from '@lingui/react';
import { Anchor, Button, Group, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmailConfirmNotice } from '../app/email-confirm-notice';
import { useMe } from '../lib/me-query';
import { MEMBER_MESSAGE_MAX, NEEDS_PROFILE_TO_WRITE, memberMessageSchema } from '../../shared/directory';
import { MESSAGES } from '../../shared/messages';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { isApiRequestError } from '../lib/api';
import { useSchemaForm } from '../lib/use-schema-form';
import { sendMemberMessage } from './directory-api';
import classes from './directory.module.css';

type MemberEmailBoxProps = {
  uid: string;
  firstName: string;
  fullName: string;
  /** The reader: writing needs a saved profile (the message carries the sender's name). */
  canWrite: boolean;
  /** Shown in the row of buttons before 'Email …' (the card's Details button). */
  leading?: ReactNode;
  /** Shown between the row of buttons and the message form (the card's details). */
  between?: ReactNode;
};

/**
 * The email-the-member box: the reader writes, the server composes and sends the mail to the member's
 * address, which the reader never sees. 'Email sent!' is announced when it has been queued.
 */
export function MemberEmailBox({ uid, firstName, fullName, canWrite, leading, between }: MemberEmailBoxProps) {
  const { i18n } = useLingui();
  const isConfirmed = useMe()?.emailVerified === true;
  const [isOpen, setIsOpen] = useState(false);
  const f = useSchemaForm({ schema: memberMessageSchema, initialValues: { message: '' } });
  const [isSent, setIsSent] = useState(false);
  const boxId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isOpen) textareaRef.current?.focus();
  }, [isOpen]);

  const mutation = useMutation({
    mutationFn: (text: string) => sendMemberMessage(uid, text),
    onSuccess: () => {
      f.reset();
      setIsOpen(false);
      setIsSent(true);
      toggleRef.current?.focus();
    },
    onError: (error) => {
      const fieldErrors = isApiRequestError(error) ? (error.fieldErrors ?? {}) : {};
      // Rate limits, a missing profile and a member who left the directory come with a sentence for people.
      const isExplained = isApiRequestError(error) && [403, 404, 429].includes(error.status);
      f.showErrors(
        fieldErrors,
        fieldErrors.message ? undefined : isExplained ? error.message : i18n._('Your message could not be sent. Please try again.'),
      );
    },
  });

  function toggle() {
    setIsOpen((open) => !open);
    setIsSent(false);
    f.setFormError(undefined);
  }

  return (
    <>
      <div className={classes.actions}>
        {leading}
        <Button
          ref={toggleRef}
          variant={isOpen ? 'light' : 'outline'}
          size="xs"
          aria-expanded={isOpen}
          aria-controls={boxId}
          onClick={toggle}
          // A long name (or a longer language) wraps rather than being cut.
          styles={{ root: { height: 'auto', minHeight: 30 }, label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
        >
          {i18n._('Email {name}', { name: firstName || fullName })}
        </Button>
      </div>
      {between}
      <FormSuccess message={isSent ? i18n._(MESSAGES.emailSent) : null} />
      <div id={boxId} hidden={!isOpen}>
        {isOpen && !canWrite ? (
          <Text size="sm">
            {i18n._(NEEDS_PROFILE_TO_WRITE)}{' '}
            <Anchor component={Link} to="/dashboard">
              {i18n._('Go to your dashboard')}
            </Anchor>
          </Text>
        ) : null}
        {isOpen && canWrite && !isConfirmed ? <EmailConfirmNotice place="memberEmail" /> : null}
        {isOpen && canWrite && isConfirmed ? (
          <form {...f.formProps((data) => mutation.mutate(data.message))} aria-label={i18n._('Email {name}', { name: fullName })}>
            <Textarea
              ref={textareaRef}
              label={i18n._('Message to {name}', { name: fullName })}
              description={i18n._('{name} gets your name and can reply to your email address. Their address is never shown to you.', {
                name: firstName || fullName,
              })}
              {...f.field('message')}
              maxLength={MEMBER_MESSAGE_MAX}
              autosize
              minRows={3}
              maxRows={10}
            />
            <FormAlert message={f.formError} />
            <Group gap="xs" mt="sm">
              <Button type="submit" size="xs" loading={mutation.isPending}>
                {i18n._('Send')}
              </Button>
              <Button type="button" size="xs" variant="subtle" onClick={toggle}>
                {i18n._('Cancel')}
              </Button>
            </Group>
          </form>
        ) : null}
      </div>
    </>
  );
}
