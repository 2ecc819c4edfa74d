import { Trans, useLingui } from '@lingui/react';
import { CARE_SITE_ACTOR, type NotificationView } from '../../shared/notifications';
import { useWrittenLang } from '../app/content-language';
import { displayNameIn } from '../../shared/member-name';

// One notification in plain words, as the notifications page and the dashboard's latest ones show it.

/** What happened, in plain words, with the post's (or the need's) title set apart (`title` is its class). */
export function Describe({ n, title }: { n: NotificationView; title: string | undefined }) {
  const { i18n } = useLingui();
  const writtenLang = useWrittenLang();
  // A care team's names its team's event in a few words, written in the member's language when it happened
  // (the care part words it), and no title: "Grace claimed Meal on Saturday, December 5".
  if (n.kind === 'care') {
    const actor = n.actor.name === CARE_SITE_ACTOR ? i18n._(CARE_SITE_ACTOR) : displayNameIn(i18n, n.actor);
    return `${actor} ${n.care?.text ?? ''}`;
  }
  // The title is what a member wrote: in its own language for screen readers when it is not the page's (issue 28).
  const written = n.post ?? n.need;
  const components = { 0: <span className={title} lang={written ? writtenLang(written.language) : undefined} /> };
  // A need's notification names no person: its actor is the need's town.
  if (n.kind === 'need') {
    return (
      <Trans
        id="A need near you, in {town}: <0>“{title}”</0>"
        values={{ town: n.actor.name, title: n.need?.title }}
        components={components}
      />
    );
  }
  const values = { actor: displayNameIn(i18n, n.actor), title: n.post?.title };
  return n.kind === 'response' ? (
    <Trans id="{actor} responded to your post <0>“{title}”</0>" values={values} components={components} />
  ) : (
    <Trans id="{actor} responded in <0>“{title}”</0>, a post you follow" values={values} components={components} />
  );
}
