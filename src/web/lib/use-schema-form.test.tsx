import { TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormActions } from '../app/form-actions';
import { FormAlert } from '../app/form-alert';
import { renderWithSite } from '../testing/render';
import { ApiRequestError } from './api';
import { useSchemaForm } from './use-schema-form';

// A form as the pages write one: a shared-style schema, a count typed as text (toInput), a server that
// names a field differently (fieldAliases), and a mutation whose answer each test decides.

const schema = z.object({
  name: z.string().trim().min(1, 'Enter your name'),
  email: z.email('Enter a valid email address'),
  children: z.number({ error: 'Enter a number' }).int('Enter a whole number').min(0, 'Enter 0 or more'),
});
type Values = { name: string; email: string; children: string };
const EMPTY: Values = { name: '', email: '', children: '' };
const toInput = (v: Values) => ({ ...v, children: v.children.trim() === '' ? Number.NaN : Number(v.children) });

type Sent = z.output<typeof schema>;

function MemberForm({ send, onSent }: { send: (data: Sent) => Promise<unknown>; onSent?: (data: Sent, values: Values) => void }) {
  const f = useSchemaForm({
    schema,
    initialValues: EMPTY,
    toInput,
    fieldAliases: { emailAddress: 'email' },
    invalidMessage: 'Some answers need attention.',
  });
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: () => f.reset(),
    onError: (error) => f.failWith(error, 'The form could not be sent.'),
  });
  return (
    <form
      aria-label="Member"
      {...f.formProps((data, values) => {
        onSent?.(data, values);
        mutation.mutate(data);
      })}
    >
      <FormAlert message={f.formError} />
      <TextInput label="Name" {...f.field('name')} />
      <TextInput label="Email" {...f.field('email')} />
      <TextInput label="Foster children" {...f.field('children')} />
      <FormActions submitLabel="Save" isPending={mutation.isPending} />
    </form>
  );
}

/** A promise the test settles when it chooses, to look at the form while it sends. */
function deferred() {
  let resolve!: (value: unknown) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const field = (label: string) => screen.getByRole('textbox', { name: label });
const isInvalid = (el: HTMLElement) => el.getAttribute('aria-invalid') === 'true';
/** The note tied to a field (Mantine links the error through aria-describedby). */
const noteOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id ? document.getElementById(id)?.textContent : ''))
    .join(' ');

describe('useSchemaForm', () => {
  it('checks with the schema before sending: notes beside the bad fields, the message above, focus on the first', async () => {
    const send = vi.fn(() => Promise.resolve({}));
    const { user } = renderWithSite(<MemberForm send={send} />);
    await user.type(field('Name'), 'Ada');
    await user.type(field('Foster children'), 'two');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('Some answers need attention.');
    expect(isInvalid(field('Name'))).toBe(false);
    expect(isInvalid(field('Email'))).toBe(true);
    expect(noteOf(field('Email'))).toContain('Enter a valid email address');
    expect(noteOf(field('Foster children'))).toContain('Enter a number');
    await vi.waitFor(() => expect(document.activeElement).toBe(field('Email')));
  });

  it('keeps a note while the field is corrected, and clears it at the next submit', async () => {
    const send = vi.fn(() => Promise.resolve({}));
    const { user } = renderWithSite(<MemberForm send={send} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(noteOf(field('Name'))).toContain('Enter your name');

    await user.type(field('Name'), 'Ada');
    expect(noteOf(field('Name'))).toContain('Enter your name');

    await user.type(field('Email'), 'ada@example.org');
    await user.type(field('Foster children'), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(isInvalid(field('Name'))).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    await vi.waitFor(() => expect(send).toHaveBeenCalledOnce());
  });

  it('hands over the parsed data (what the schema made of the input) and the values as typed', async () => {
    const onSent = vi.fn();
    const { user } = renderWithSite(<MemberForm send={() => Promise.resolve({})} onSent={onSent} />);
    await user.type(field('Name'), '  Ada  ');
    await user.type(field('Email'), 'ada@example.org');
    await user.type(field('Foster children'), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSent).toHaveBeenCalledWith(
      { name: 'Ada', email: 'ada@example.org', children: 3 },
      { name: '  Ada  ', email: 'ada@example.org', children: '3' },
    );
  });

  it('turns Save off while sending, puts the server’s field errors on their fields (aliases too), and turns Save on again', async () => {
    const answer = deferred();
    const { user } = renderWithSite(<MemberForm send={() => answer.promise} />);
    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.org');
    await user.type(field('Foster children'), '1');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(false);
    await user.click(save);

    await vi.waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    answer.reject(
      new ApiRequestError(422, {
        code: 'VALIDATION',
        message: 'Check the fields.',
        fieldErrors: { emailAddress: 'This address is taken', children: 'Too many' },
      }),
    );

    await vi.waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    expect(screen.getByRole('alert').textContent).toContain('The form could not be sent.');
    expect(noteOf(field('Email'))).toContain('This address is taken');
    expect(noteOf(field('Foster children'))).toContain('Too many');
    expect(isInvalid(field('Name'))).toBe(false);
    await vi.waitFor(() => expect(document.activeElement).toBe(field('Email')));
  });

  it('shows only the message for a failure that is not about a field, and clears it for a fresh start after success', async () => {
    let attempt = 0;
    const send = () => (++attempt === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({}));
    const { user } = renderWithSite(<MemberForm send={send} />);
    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.org');
    await user.type(field('Foster children'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toContain('The form could not be sent.');
    expect(['Name', 'Email', 'Foster children'].some((label) => isInvalid(field(label)))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect((field('Name') as HTMLInputElement).value).toBe(''));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
