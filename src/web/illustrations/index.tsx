// The site's illustrations (decision 045): flat drawings of families, churches and helping hands in the
// brand's colours, drawn for the site, with no faces, so that no child can be recognised in them. Each is
// a static .svg file the browser fetches as an image: it adds nothing to the pages' scripts, and the
// Content-Security-Policy allows images from the site itself.
import donate from './donate.svg';
import empty from './empty.svg';
import hero from './hero.svg';
import openHome from './open-home.svg';
import speakUp from './speak-up.svg';
import support from './support.svg';
import classes from './illustrations.module.css';

/** The drawings, by what they show: [url, width, height] (their viewBoxes, so the page keeps their place). */
export const ILLUSTRATIONS = {
  hero: [hero, 480, 360],
  speak: [speakUp, 160, 110],
  donate: [donate, 160, 110],
  support: [support, 160, 110],
  home: [openHome, 160, 110],
  empty: [empty, 120, 80],
} as const satisfies Record<string, readonly [string, number, number]>;

type IllustrationProps = { name: keyof typeof ILLUSTRATIONS; className?: string };

/**
 * An illustration beside words that say the same: decorative, so screen readers skip it (alt=""). Lazy:
 * fetched when near the viewport, and not at all where a page's style sheet hides it (the hero on a phone).
 */
export function Illustration({ name, className }: IllustrationProps) {
  const [src, width, height] = ILLUSTRATIONS[name];
  return <img src={src} width={width} height={height} alt="" className={className} loading="lazy" decoding="async" />;
}

/** The small drawing above an empty list's words ("No needs yet"), the same on every page. */
export function EmptyIllustration() {
  return <Illustration name="empty" className={classes.empty} />;
}
