// The one HTML layout of every mail the site sends (issue 29, decision 044), written with React Email's
// components and rendered to a string on the server, synchronously, so mail can still be rendered inside the
// transaction of the change it reports. Every word in it reaches the HTML through React, which escapes it.
//
// The components come from their own packages (what @react-email/components re-exports): its index would
// also load Tailwind and Prism at start-up, about 0.3 s per process, for components mail never uses.
import { Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { SITE_NAME } from '../../../shared/brand';
import type { Locale } from '../../../shared/i18n/locale';
import { i18nFor } from '../../i18n';
import { linesOf, safeLink, type MailBlock } from './blocks';
import { STYLES, STYLESHEET } from './styles';

export type MailLayoutProps = {
  locale: Locale;
  subject: string;
  blocks: readonly MailBlock[];
  /** Why the reader got this mail, and how to get less of it; the layout says it in general words without. */
  footer?: readonly MailBlock[] | undefined;
};

/** The text's line breaks as <br>, each line escaped by React. */
function Lines({ text }: { text: string }) {
  return linesOf(text).map((line, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      {line}
    </Fragment>
  ));
}

function Block({ block, locale }: { block: MailBlock; locale: Locale }) {
  if (typeof block === 'string') {
    return (
      <p className="mail-text" style={STYLES.paragraph}>
        <Lines text={block} />
      </p>
    );
  }
  if ('quote' in block) {
    return (
      <blockquote className="mail-text" style={STYLES.quote}>
        <Lines text={block.quote} />
      </blockquote>
    );
  }
  if ('action' in block) {
    const i18n = i18nFor(locale);
    const href = safeLink(block.action);
    return (
      <Section style={STYLES.actionCell}>
        {/* The cell carries the colour, so Outlook (which ignores an inline link's padding) shows a button too. */}
        <table role="presentation" border={0} cellPadding="0" cellSpacing="0">
          <tbody>
            <tr>
              <td style={STYLES.buttonCell}>
                <Link href={href} style={STYLES.button}>
                  {block.label}
                </Link>
              </td>
            </tr>
          </tbody>
        </table>
        {/* Some readers show no buttons (or strip links): the address itself, to copy. */}
        <p className="mail-quiet" style={STYLES.fallback}>
          {i18n._('If the button does not work, copy this address into your browser:')} {href}
        </p>
      </Section>
    );
  }
  const href = safeLink(block.link);
  return (
    <p className="mail-text" style={STYLES.paragraph}>
      <Link className="mail-link" href={href} style={STYLES.link}>
        {block.label ?? href}
      </Link>
    </p>
  );
}

function FooterBlock({ block }: { block: MailBlock }) {
  if (typeof block === 'string' || 'quote' in block) {
    return (
      <p className="mail-quiet" style={STYLES.footerText}>
        <Lines text={typeof block === 'string' ? block : block.quote} />
      </p>
    );
  }
  const href = safeLink('action' in block ? block.action : block.link);
  return (
    <p className="mail-quiet" style={STYLES.footerText}>
      <Link href={href} style={STYLES.footerLink}>
        {block.label ?? href}
      </Link>
    </p>
  );
}

/** The site's name as its header shows it: "Foster Care" in charcoal, "Network" in teal, beside the heart mark. */
function Wordmark() {
  return (
    <Section className="mail-header" style={STYLES.header}>
      <span aria-hidden="true" style={STYLES.mark}>
        ♥
      </span>
      {/* The network's name is a name: it is not translated (docs/i18n/terminology.md). */}
      <span className="mail-wordmark" style={STYLES.wordmark}>
        Foster Care{' '}
        <span className="mail-accent" style={STYLES.wordmarkAccent}>
          Network
        </span>
      </span>
    </Section>
  );
}

/** What the shell leaves open for each message, in order: its title, its preview line, its blocks, its footer. */
const SLOTS = ['\u{E000}title', '\u{E000}preview', '\u{E000}blocks', '\u{E000}footer'] as const;

/**
 * Everything but the message: the head and its stylesheet, the wordmark, the card and the footer's frame. The
 * slots are marked with a private-use character no message is rendered into (the shell is made from our
 * own words only), and filled with React-rendered, escaped markup.
 */
function Shell({ locale }: { locale: Locale }) {
  return (
    <html lang={locale}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{SLOTS[0]}</title>
        <style>{STYLESHEET}</style>
      </Head>
      <body className="mail-body" style={STYLES.body}>
        {SLOTS[1]}
        <Section className="mail-page" style={STYLES.page}>
          <Container style={STYLES.container}>
            <Wordmark />
            <Section className="mail-card" style={STYLES.card}>
              {SLOTS[2]}
            </Section>
            <Section className="mail-footer mail-quiet" style={STYLES.footer}>
              {SLOTS[3]}
            </Section>
          </Container>
        </Section>
      </body>
    </html>
  );
}

type Shells = { pieces: string[]; footer: string };

/** Each language's shell and general footer, rendered once: about half of a short message's render time. */
const shells = new Map<Locale, Shells>();

function shellOf(locale: Locale): Shells {
  let shell = shells.get(locale);
  if (!shell) {
    let pieces = [`<!DOCTYPE html>${renderToStaticMarkup(<Shell locale={locale} />)}`];
    for (const slot of SLOTS) {
      const [before, after, ...more] = pieces.pop()!.split(slot);
      if (after === undefined || more.length > 0) throw new Error(`The mail shell must hold ${slot} once`);
      pieces = [...pieces, before!, after];
    }
    const i18n = i18nFor(locale);
    const why = i18n._('You got this mail because of an account or a request made on the {site} website.', { site: SITE_NAME });
    shell = { pieces, footer: renderToStaticMarkup(<FooterBlock block={why} />) };
    shells.set(locale, shell);
  }
  return shell;
}

/** The HTML part of a message: the layout around its blocks, as a document. */
export function renderLayout({ locale, subject, blocks, footer }: MailLayoutProps): string {
  const { pieces, footer: why } = shellOf(locale);
  const preview = blocks.find((block): block is string => typeof block === 'string');
  const filled = [
    renderToStaticMarkup(subject),
    preview ? renderToStaticMarkup(<Preview>{preview}</Preview>) : '',
    renderToStaticMarkup(blocks.map((block, i) => <Block key={i} block={block} locale={locale} />)),
    footer && footer.length > 0 ? renderToStaticMarkup(footer.map((block, i) => <FooterBlock key={i} block={block} />)) : why,
  ];
  return pieces.map((piece, i) => piece + (filled[i] ?? '')).join('');
}
