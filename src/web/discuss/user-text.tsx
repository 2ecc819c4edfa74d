import { Anchor, Text, type TextProps } from '@mantine/core';
import { linkify } from './linkify';
import classes from './discuss.module.css';

/**
 * What a member wrote, as text: markup shows as the characters typed, line breaks stay, web addresses
 * become links that search engines do not credit (rel="nofollow ugc") and that open in a new tab.
 */
export function UserText({ text, ...props }: TextProps & { text: string; lang?: string | undefined }) {
  return (
    <Text className={classes.userText} {...props}>
      {linkify(text).map((part, i) =>
        'url' in part ? (
          <Anchor key={i} href={part.url} target="_blank" rel="nofollow ugc noopener noreferrer">
            {part.url}
          </Anchor>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}
