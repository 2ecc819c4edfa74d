import { Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONTACT_HONEYPOT_FIELD, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, contactInputSchema } from '../../shared/contact';
import { MESSAGES } from '../../shared/messages';
import { EmailField } from '../app/fields';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { useMe } from '../auth/me-query';
import { isApiRequestError } from '../lib/api';
import { checkFields, type FieldErrors } from '../lib/field-errors';
import { confirmHuman, sendContactMessage } from './contact-api';
import classes from './contact.module.css';

const CLICK_HUMAN_FIRST = `Please click “${MESSAGES.humanButton}” first.`;

/**
 * /contact (SPEC §2 Contact): email and message required, an optional name. Visitors click 'I am indeed
 * human' before the Send button appears; for a signed-in member it is already satisfied and the email is
 * filled in. The server checks the same (a short-lived token, a hidden field, a rate limit).
 */
export default function ContactPage() {
  const me = useMe();
  const [name, setName] = useState(() => (me ? [me.firstName, me.lastName].filter(Boolean).join(' ') : ''));
  const [email, setEmail] = useState(me?.email ?? '');
  const [message, setMessage] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [humanToken, setHumanToken] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [isSent, setIsSent] = useState(false);
  const sendRef = useRef<HTMLButtonElement>(null);
  const humanRef = useRef<HTMLButtonElement>(null);
  const isHuman = me !== null || humanToken !== null;

  // Signed in while the page was open: the account's address, unless the visitor typed one.
  useEffect(() => {
    if (me) setEmail((current) => current || me.email);
  }, [me]);

  const confirm = useMutation({
    mutationFn: confirmHuman,
    onSuccess: ({ token }) => {
      setHumanToken(token);
      setFormError(undefined);
    },
    onError: (error) => {
      setFormError(isApiRequestError(error) && error.status === 429 ? error.message : 'The confirmation failed. Please try again.');
    },
  });

  // The confirmation button disappears when clicked; hand keyboard focus to the Send button that replaces it.
  useEffect(() => {
    if (humanToken) sendRef.current?.focus();
  }, [humanToken]);

  const send = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => {
      setMessage('');
      setIsSent(true);
      // A confirmation is good for one message; the next one asks for the click again.
      setHumanToken(null);
    },
    onError: (error) => {
      if (!isApiRequestError(error)) {
        setFormError('Your message could not be sent. Please try again later.');
        return;
      }
      if (error.fieldErrors?.humanToken) {
        // Expired or refused: ask for the click again.
        setHumanToken(null);
        setFormError(error.fieldErrors.humanToken);
        return;
      }
      if (error.fieldErrors) setFieldErrors(error.fieldErrors);
      setFormError(error.fieldErrors ? undefined : error.status >= 500 || error.status === 0 ? 'Your message could not be sent. Please try again later.' : error.message);
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSent(false);
    if (!isHuman) {
      setFormError(CLICK_HUMAN_FIRST);
      humanRef.current?.focus();
      return;
    }
    setFormError(undefined);
    const input = { name, email, message, humanToken: humanToken ?? undefined, [CONTACT_HONEYPOT_FIELD]: honeypot };
    if (!checkFields(contactInputSchema, input, setFieldErrors)) return;
    send.mutate(input);
  }

  return (
    <Page title="Contact Us" size="xs">
      <Text mb="lg">Send the network’s team a question or a note, and we will write back to you.</Text>
      <FormCard>
        <FormSuccess message={isSent ? MESSAGES.messageSent : null} />
        <FormAlert message={formError} />
        <form onSubmit={onSubmit} noValidate aria-label="Contact the team">
          <Stack>
            <TextInput
              label="Name"
              description="Optional"
              name="name"
              autoComplete="name"
              maxLength={CONTACT_NAME_MAX}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={fieldErrors.name}
            />
            <EmailField value={email} onValueChange={setEmail} error={fieldErrors.email} />
            <Textarea
              label="Message"
              name="message"
              required
              withAsterisk={false}
              autosize
              minRows={5}
              maxRows={16}
              maxLength={CONTACT_MESSAGE_MAX}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              error={fieldErrors.message}
            />
            <div className={classes.honeypot} aria-hidden="true">
              <label>
                Leave this field empty
                <input
                  type="text"
                  name={CONTACT_HONEYPOT_FIELD}
                  tabIndex={-1}
                  autoComplete="off"
                  value={honeypot}
                  onChange={(event) => setHoneypot(event.currentTarget.value)}
                />
              </label>
            </div>
            {/* Distinct keys: reusing the clicked button's DOM node as the submit button would submit the form. */}
            {isHuman ? (
              <>
                <p className={classes.confirmed} style={{ margin: 0 }}>
                  <span aria-hidden="true">✓</span>
                  {me ? `${MESSAGES.humanButton} — confirmed by your sign-in.` : `${MESSAGES.humanButton} — confirmed.`}
                </p>
                <Button key="send" ref={sendRef} type="submit" loading={send.isPending} fullWidth>
                  Send
                </Button>
              </>
            ) : (
              <Button
                key="human"
                ref={humanRef}
                type="button"
                variant="outline"
                onClick={() => confirm.mutate()}
                loading={confirm.isPending}
                fullWidth
              >
                {MESSAGES.humanButton}
              </Button>
            )}
          </Stack>
        </form>
      </FormCard>
    </Page>
  );
}
