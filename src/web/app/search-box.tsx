import { TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';

const TYPING_PAUSE_MS = 350;

type SearchBoxProps = {
  label: string;
  /** What the words search; may depend on what is typed (for example "type at least 2 letters"). */
  description: (text: string) => ReactNode;
  placeholder?: string;
  /** The words in effect (from the page's address). */
  value: string;
  maxLength: number;
  onApply: (value: string) => void;
};

/**
 * A search field that applies what is typed after a pause, or at once on Enter. A change from outside
 * (a Clear or Show all button, back and forward) replaces what the field shows.
 */
export function SearchBox({ label, description, placeholder, value, maxLength, onApply }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const applied = useRef(value);
  const onApplyRef = useRef(onApply);
  onApplyRef.current = onApply;

  useEffect(() => {
    if (value !== applied.current) {
      applied.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === applied.current) return;
    const timer = setTimeout(() => {
      applied.current = next;
      onApplyRef.current(next);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    applied.current = text.trim();
    onApply(text.trim());
  }

  return (
    <form role="search" onSubmit={onSubmit}>
      <TextInput
        type="search"
        label={label}
        description={description(text)}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={maxLength}
      />
    </form>
  );
}
