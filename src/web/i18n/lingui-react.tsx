// What the browser gets for `import … from '@lingui/react'` (vite.config.ts aliases it here): Lingui's
// provider and hook as they are, and a <Trans> of our own that is safe with what people typed. Lingui's puts
// a string value into the message and then reads the message's tags (`<0>…</0>`), so a member's name written
// as `<script>` or `<0>` would be read as a tag: an error that breaks the page (the stored-XSS journey found
// it on the admin's pages), or a component of the message around words the member chose. Ours puts every
// value but a number (numbers stay numbers, for the plurals) into the message as a tag of its own and shows
// it as text there, so only the message's own text is ever read for tags. It is also smaller than Lingui's,
// which the landing page's script budget needs (issue 28). The code keeps importing '@lingui/react', which is
// what Lingui's extractor reads.
import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { I18nProvider, LinguiContext, useLingui } from '../../../node_modules/@lingui/react/dist/index.mjs';

export { I18nProvider, LinguiContext, useLingui };

export type TransProps = {
  /** The message: its English text, with `<0>…</0>` or `<0/>` where `components` go. */
  id: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
};

/** A pair of tags around words, or a tag alone; names are a message's component keys (0, 1, …). */
const TAG = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\/>/;

export function Trans({ id, values, components }: TransProps) {
  const { i18n } = useLingui();
  const slots: Record<string, ReactElement | undefined> = { ...components };
  const shown: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    if (typeof value === 'number') {
      shown[name] = value;
    } else {
      const slot = `${Object.keys(slots).length}`;
      slots[slot] = <>{value as ReactNode}</>;
      shown[name] = `<${slot}/>`;
    }
  }
  return <>{withElements(i18n._(id, shown), slots)}</>;
}

/** The message's text with its tags made into their components (keyed, in order), recursively. */
function withElements(text: string, slots: Record<string, ReactElement | undefined>): ReactNode {
  // split() with the pattern's three groups: text, then (pair's name, its words, lone tag's name, text) per tag.
  const parts = text.split(new RegExp(TAG, 'g'));
  if (parts.length === 1) return text;
  const out: ReactNode[] = [];
  for (let i = 0; i < parts.length; i += 4) {
    if (parts[i]) out.push(parts[i]);
    if (i + 3 > parts.length) break;
    const [pair, words, lone] = [parts[i + 1], parts[i + 2], parts[i + 3]];
    const element = slots[pair ?? lone ?? ''];
    const children = pair === undefined ? undefined : withElements(words ?? '', slots);
    // A tag the message names but the code does not give: its words alone, as Lingui's shows them.
    if (!isValidElement<{ children?: ReactNode }>(element)) out.push(<Fragment key={i}>{children}</Fragment>);
    else out.push(cloneElement(element, { key: i }, pair === undefined ? element.props.children : children));
  }
  return out;
}
