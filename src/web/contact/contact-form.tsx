import { useLingui } from '@lingui/react';
import { Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONTACT_HONEYPOT_FIELD, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, contactInputSchema, type ContactInput } from '../../shared/contact';
import { MESSAGES } from '../../shared/messages';
import { EmailField } from '../app/fields';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { useMe } from '../lib/me-query';
import { isApiRequestError } from '../lib/api';
import { useSchemaForm } from '../lib/use-schema-form';
import { confirmHuman } from './contact-api';
import classes from './contact.module.css';

type ContactFormProps = {
  /** The form's accessible name. */
  label: string;
  /** Sends the message (the human token is in it for visitors). */
  send: (input: ContactInput) => Promise<unknown>;
  /**
   * A signed-in member writes as themselves (the server takes their account's name and address): the form
   * then asks for the message only and says who it is from.
   */
  asMember?: boolean;
};

/**
 * The contact form (product.md §3.15), for the team (/contact) or a church (its page): email and message
 * required, an optional name. Visitors click 'I am indeed human' before the Send button appears; for a
 * signed-in member it is already satisfied and the email is filled in. The server checks the same (a
 * short-lived token, a hidden field, a rate limit).
 */
export function ContactForm({ label, send: sendMessage, asMember = false }: ContactFormProps) {
  const { i18n } = useLingui();
  const me = useMe();
  const human = i18n._(MESSAGES.humanButton);
  const sendFailed = i18n._('Your message could not be sent. Please try again later.');
  const [humanToken, setHumanToken] = useState<string | null>(null);
  const [isSent, setIsSent] = useState(false);
  const f = useSchemaForm({
    schema: contactInputSchema,
    initialValues: {
      name: me ? [me.firstName, me.lastName].filter(Boolean).join(' ') : '',
      email: me?.email ?? '',
      message: '',
      [CONTACT_HONEYPOT_FIELD]: '',
    },
    onSubmitStart: () => setIsSent(false),
  });
  const { setFieldValue } = f.form;
  const sendRef = useRef<HTMLButtonElement>(null);
  const isHuman = me !== null || humanToken !== null;
  const writesAsMember = asMember && me !== null;

  // Signed in while the page was open: the account's address, unless the visitor typed one.
  useEffect(() => {
    if (me) setFieldValue('email', (current) => (asMember ? me.email : current || me.email));
  }, [me, asMember, setFieldValue]);

  const confirm = useMutation({
    mutationFn: confirmHuman,
    onSuccess: ({ token }) => {
      setHumanToken(token);
      f.setFormError(undefined);
    },
    onError: (error) => {
      f.setFormError(
        isApiRequestError(error) && error.status === 429 ? error.message : i18n._('The confirmation failed. Please try again.'),
      );
    },
  });

  // The confirmation button disappears when clicked; hand keyboard focus to the Send button that replaces it.
  useEffect(() => {
    if (humanToken) sendRef.current?.focus();
  }, [humanToken]);

  const send = useMutation({
    mutationFn: sendMessage,
    onSuccess: () => {
      setFieldValue('message', '');
      setIsSent(true);
      // A confirmation is good for one message; the next one asks for the click again.
      setHumanToken(null);
    },
    onError: (error) => {
      if (!isApiRequestError(error)) return f.setFormError(sendFailed);
      if (error.fieldErrors?.humanToken) {
        // Expired or refused: ask for the click again.
        setHumanToken(null);
        return f.setFormError(error.fieldErrors.humanToken);
      }
      f.failWith(error, error.fieldErrors ? undefined : error.status >= 500 || error.status === 0 ? sendFailed : error.message);
    },
  });

  const formProps = f.formProps((_data, values) => send.mutate({ ...values, humanToken: humanToken ?? undefined }));
  /**
   * Until the visitor is confirmed, the confirmation button is the form's submit button (a form needs one, WCAG
   * technique H32): pressing it, or Enter in a field, asks for the confirmation; Send then takes its place.
   */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (isHuman) return formProps.onSubmit(event);
    event.preventDefault();
    setIsSent(false);
    if (!confirm.isPending) confirm.mutate();
  }

  return (
    <>
      <FormSuccess message={isSent ? i18n._(MESSAGES.messageSent) : null} />
      <FormAlert message={f.formError} />
      <form {...formProps} onSubmit={onSubmit} aria-label={label}>
        <Stack>
          {writesAsMember ? (
            <Text size="sm">
              {i18n._('You write as {name}; replies come to {email}.', {
                name: [me.firstName, me.lastName].filter(Boolean).join(' ') || me.email,
                email: me.email,
              })}
            </Text>
          ) : (
            <>
              <TextInput
                label={i18n._('Name')}
                description={i18n._('Optional')}
                autoComplete="name"
                maxLength={CONTACT_NAME_MAX}
                {...f.field('name')}
              />
              <EmailField {...f.field('email')} />
            </>
          )}
          <Textarea
            label={i18n._('Message')}
            required
            withAsterisk={false}
            autosize
            minRows={5}
            maxRows={16}
            maxLength={CONTACT_MESSAGE_MAX}
            {...f.field('message')}
          />
          <div className={classes.honeypot} aria-hidden="true">
            <label>
              {i18n._('Leave this field empty')}
              <input
                type="text"
                tabIndex={-1}
                autoComplete="off"
                {...f.field(CONTACT_HONEYPOT_FIELD, { withError: false, withFocus: false })}
              />
            </label>
          </div>
          {/* Distinct keys: reusing the clicked button's DOM node as the submit button would submit the form. */}
          {isHuman ? (
            <>
              <p className={classes.confirmed} style={{ margin: 0 }}>
                <span aria-hidden="true">✓</span>
                {me
                  ? i18n._('{button} — confirmed by your sign-in.', { button: human })
                  : i18n._('{button} — confirmed.', { button: human })}
              </p>
              <Button key="send" ref={sendRef} type="submit" loading={send.isPending} fullWidth>
                {i18n._('Send')}
              </Button>
            </>
          ) : (
            <Button key="human" type="submit" variant="outline" loading={confirm.isPending} fullWidth>
              {human}
            </Button>
          )}
        </Stack>
      </form>
    </>
  );
}
