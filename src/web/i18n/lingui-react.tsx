// What the browser gets for `import … from '@lingui/react'` (vite.config.ts aliases it here): Lingui's React
// bindings as they are, but <Trans> safe with what people typed. Lingui puts a string value into the message
// and then reads the message's tags (`<0>…</0>`), so a member's name written as `<script>` or `<0>` would be
// read as a tag: an error that breaks the page (the stored-XSS journey found it on the admin's pages), or a
// component of the message around words the member chose. Given as an element, a value is kept apart and
// shown as text. Numbers stay numbers, for the plurals. The code keeps importing '@lingui/react', which is
// what Lingui's extractor reads.
import { Trans as LinguiTrans, type TransProps } from '../../../node_modules/@lingui/react/dist/index.mjs';

export * from '../../../node_modules/@lingui/react/dist/index.mjs';

export function Trans({ values, ...props }: TransProps) {
  const kept = values
    ? Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? <>{value}</> : value]))
    : undefined;
  return <LinguiTrans {...props} values={kept} />;
}
