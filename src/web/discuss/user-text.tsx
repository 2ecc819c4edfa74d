import { Anchor, Text, type TextProps } from '@mantine/core';
import { linkify } from './linkify';
import classes from './discuss.module.css';

/**
 * What a member wrote, as text: markup shows as the characters typed, line breaks stay, web addresses
 * become links that search engines do not credit (rel="nofollow ugc") and that open in a new tab. `isCut`: the
 * text is an excerpt that ends where it was cut.
 */
export function UserText({ text, isCut = false, ...props }: TextProps & { text: string; lang?: string | undefined; isCut?: boolean }) {
  const parts = linkify(text);
  // An excerpt cut inside an address ("https://exam…") would link somewhere else: that address stays text.
  const isCutAddress = (i: number) => isCut && i === parts.length - 1;
  return (
    <Text className={classes.userText} {...props}>
      {parts.map((part, i) =>
        'text' in part || isCutAddress(i) ? (
          'text' in part ? (
            part.text
          ) : (
            part.url
          )
        ) : (
          <Anchor key={i} href={part.url} target="_blank" rel="nofollow ugc noopener noreferrer">
            {part.url}
          </Anchor>
        ),
      )}
    </Text>
  );
}
