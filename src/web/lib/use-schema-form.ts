import { useLingui } from '@lingui/react';
import { schemaResolver, useForm, type FormErrors, type GetInputPropsOptions } from '@mantine/form';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { isApiRequestError } from './api';

/** A message per field, keyed like the server's `fieldErrors`. */
export type FieldErrors = Record<string, string>;

type Values = Record<string, unknown>;

export type SchemaFormOptions<V extends Values, S extends z.ZodType> = {
  /** The shared schema the server checks too: the form checks the same before it sends. */
  schema: S;
  initialValues: V;
  /**
   * What the schema checks when the fields hold something else (a count typed as text). Define it outside
   * the component: a new function at each render would rebuild the validation each time.
   */
  toInput?: (values: V) => unknown;
  /** Server field names shown beside another field, e.g. `{ newPassword: 'password' }`. */
  fieldAliases?: Partial<Record<string, keyof V & string>>;
  /** Above the form when the check before sending finds bad fields; by default the notes beside them say it. */
  invalidMessage?: string;
  /** A message to show from the start (for example a failed sign-in that came back to the page). */
  initialFormError?: string | undefined;
  /** Called at each submit, before the check: to clear what the form shows besides its message (a success note). */
  onSubmitStart?: () => void;
};

const FOCUSABLE = 'input, select, textarea';

/**
 * The one way to write a form: values and errors in @mantine/form, checked with the shared zod schema on
 * submit, the server's `{message, fieldErrors}` absorbed the same way, and after any refusal the keyboard
 * (and a screen reader) moved to the first field that needs attention. The form-level message is shown by
 * the page with `<FormAlert message={f.formError} />`.
 *
 *   const f = useSchemaForm({ schema: signInSchema, initialValues: { email: '', password: '' } });
 *   <form {...f.formProps((data) => mutation.mutate(data))}>
 *     <TextInput label="Email" {...f.field('email')} />
 *   onError: (error) => f.failWith(error, 'Sign-in failed')
 */
export function useSchemaForm<V extends Values, S extends z.ZodType>(options: SchemaFormOptions<V, S>) {
  const { schema, toInput, fieldAliases, invalidMessage } = options;
  const { i18n } = useLingui();
  const validate = useMemo(() => {
    const resolve = schemaResolver(schema, { sync: true });
    return (values: V) => resolve(toInput ? toInput(values) : values);
  }, [schema, toInput]);
  // Errors stay until the next submit, as they always have here: a note does not vanish mid-correction.
  const form = useForm<V>({ mode: 'controlled', initialValues: options.initialValues, validate, clearInputErrorOnChange: false });
  const [formError, setFormError] = useState<string | undefined>(options.initialFormError);
  const ref = useRef<HTMLFormElement>(null);

  /** After React has drawn the notes, so the field is announced with its error. */
  function focusFirstError(errors: FormErrors) {
    const bad = new Set(Object.keys(errors).filter((key) => Boolean(errors[key])));
    if (bad.size === 0) return;
    requestAnimationFrame(() => {
      const fields = ref.current?.querySelectorAll<HTMLElement>('[data-path], [name]') ?? [];
      const first = Array.from(fields).find((el) => bad.has(el.dataset.path ?? el.getAttribute('name') ?? ''));
      // A group (Yes/No radios) carries the path on its wrapper: focus its first input.
      (first?.matches(FOCUSABLE) ? first : first?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    });
  }

  /** Shows these field errors (replacing any) and `message` above the form, and focuses the first bad field. */
  function showErrors(fieldErrors: FieldErrors | undefined, message?: string) {
    const errors: FieldErrors = {};
    for (const [key, text] of Object.entries(fieldErrors ?? {})) {
      const target = fieldAliases?.[key] ?? key;
      errors[target] ??= text;
    }
    form.setErrors(errors);
    setFormError(message);
    focusFirstError(errors);
  }

  /** Absorbs a failed API call: its `fieldErrors` beside their fields, and `message` above the form. */
  function failWith(error: unknown, message: string | undefined) {
    showErrors(isApiRequestError(error) ? error.fieldErrors : undefined, message);
  }

  /**
   * The form's submit handler: clears the last message, checks the values with the schema and hands the
   * parsed data (and the values as typed) to `onValid`, or shows what needs attention.
   */
  function onSubmit(onValid: (data: z.output<S>, values: V) => void) {
    const submit = form.onSubmit(
      (values) => onValid(schema.parse(toInput ? toInput(values) : values), values),
      (errors) => {
        setFormError(invalidMessage);
        focusFirstError(errors);
      },
    );
    return (event: FormEvent<HTMLFormElement>) => {
      setFormError(undefined);
      options.onSubmitStart?.();
      submit(event);
    };
  }

  return {
    /** The @mantine/form instance, for values (`form.values`) and the odd direct change (`form.setFieldValue`). */
    form,
    formError,
    setFormError,
    showErrors,
    failWith,
    onSubmit,
    /** Everything the `<form>` element needs: `<form {...f.formProps(onValid)} aria-label="…">`. */
    formProps: (onValid: (data: z.output<S>, values: V) => void) => ({ ref, onSubmit: onSubmit(onValid), noValidate: true }),
    /** A field's name, value, onChange, error (Mantine inputs turn it into aria-invalid and aria-describedby). */
    field: <K extends keyof V & string>(name: K, inputOptions?: GetInputPropsOptions) => {
      const props = form.getInputProps(name, inputOptions);
      // The shared schema's messages are English, the catalog's ids (shown in the page's language); the
      // server's come already worded in it, and a message with no entry is shown as it is.
      return typeof props.error === 'string' ? { name, ...props, error: i18n._(props.error) } : { name, ...props };
    },
    /** New values (or the initial ones), no errors, no message: a form opened anew. */
    reset(values?: V) {
      if (values) {
        form.setInitialValues(values);
        form.setValues(values);
      } else {
        form.reset();
      }
      form.clearErrors();
      setFormError(undefined);
    },
  };
}

export type SchemaForm<V extends Values, S extends z.ZodType = z.ZodType> = ReturnType<typeof useSchemaForm<V, S>>;
