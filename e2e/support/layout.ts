import type { Page } from 'playwright-core';

/**
 * What on the page, as it is now, is wider than the screen or cut: the page scrolling sideways, and text in a
 * box that hides what does not fit (overflow hidden or clip, without an ellipsis that says so). One line each.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1)
      problems.push(`the page is ${root.scrollWidth} px wide on a ${window.innerWidth} px screen`);
    const describe = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${text}"`;
    };
    for (const el of document.querySelectorAll<HTMLElement>('#root *')) {
      if (!el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;
      const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && /\p{L}/u.test(n.textContent ?? ''));
      if (!hasText) continue;
      const style = getComputedStyle(el);
      const hides = ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
      if (!hides || style.textOverflow === 'ellipsis') continue;
      // Visually hidden text (for screen readers) is 1 px on purpose.
      if (el.clientWidth <= 1 || el.clientHeight <= 1) continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) problems.push(`cut: ${describe(el)}`);
    }
    const wide = [...document.querySelectorAll<HTMLElement>('#root *')].filter((el) => {
      const box = el.getBoundingClientRect();
      return (
        box.width > 0 && box.right > window.innerWidth + 1 && getComputedStyle(el).position !== 'fixed' && !el.closest('[data-scrolls]')
      );
    });
    // Only the outermost: its children are wide because it is.
    for (const el of wide.filter((el) => !wide.includes(el.parentElement!))) {
      if (el.closest('table, [style*="overflow"]')) continue;
      problems.push(`past the screen's edge: ${describe(el)}`);
    }
    return problems;
  });
}

/**
 * Text shown in the pseudo-locale that is plain English (no accented letter): words the catalog does not
 * hold. `within` narrows it to the page's own words (headings, labels, buttons), away from what members wrote.
 */
export function untranslated(page: Page, within = 'h1, h2, h3, label, legend, button, th, [role="tab"], nav a'): Promise<string[]> {
  return page.evaluate((selector) => {
    const out = new Set<string>();
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (!el.offsetParent) continue;
      const text = (el.innerText ?? '').trim();
      // Two English words in a row, and not one letter of the pseudo-locale's accents.
      if (/[A-Za-z]{2,} [A-Za-z]{2,}/.test(text) && !/[\u00C0-\u024F\u1E00-\u1EFF]/.test(text)) out.add(text.slice(0, 80));
    }
    return [...out];
  }, within);
}
