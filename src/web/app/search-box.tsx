import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useEffectEvent, useState, type KeyboardEvent, type ReactNode } from 'react';

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
  w?: TextInputProps['w'];
};

/**
 * A search field that applies what is typed after a pause, or at once on Enter. A change from outside
 * (a Clear or Show all button, back and forward) replaces what the field shows.
 */
export function SearchBox({ label, description, placeholder, value, maxLength, onApply, w }: SearchBoxProps) {
  const [text, setText] = useState(value);
  // The words last applied, by this box or from outside; words that differ came from outside.
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }

  const apply = useEffectEvent((next: string) => {
    setApplied(next);
    onApply(next);
  });
  useEffect(() => {
    const next = text.trim();
    if (next === applied) return;
    const timer = setTimeout(() => apply(next), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, applied]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    setApplied(text.trim());
    onApply(text.trim());
  }

  // A search landmark, not a <form role="search">: the words apply as they are typed, so there is nothing to submit,
  // and a form without a submit button is not valid (WCAG technique H32, issue 29). Not HTML's <search> yet: Safari
  // before 17 and the component tests' DOM do not know it.
  return (
    <div role="search">
      <TextInput
        type="search"
        label={label}
        description={description(text)}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        maxLength={maxLength}
        w={w}
      />
    </div>
  );
}
