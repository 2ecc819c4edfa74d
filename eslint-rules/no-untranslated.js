// Issue 28: a component's words come from the catalog (decision 043). eslint-plugin-lingui's
// no-unlocalized-strings finds the strings a person would read; it knows Lingui's macros and `i18n._()`, but not
// the `/*i18n*/` mark our code puts on text defined outside a component (which the extractor reads, and which
// is translated where it is shown). This rule is that rule, with a marked string let through.
import lingui from 'eslint-plugin-lingui';

const base = lingui.rules['no-unlocalized-strings'];

/** Whether the string (or the template) carries the extractor's mark just before it. */
function isMarked(sourceCode, node) {
  return sourceCode.getCommentsBefore(node).some((comment) => /^\s*\*?\s*i18n\s*$/.test(comment.value));
}

export default {
  meta: { ...base.meta, docs: { description: 'A string a person reads comes from the catalog (i18n._, <Trans>, /*i18n*/).' } },
  defaultOptions: base.defaultOptions,
  create(context) {
    const sourceCode = context.sourceCode;
    const filtered = Object.create(context, {
      report: {
        value: (descriptor) => {
          if (descriptor.node && isMarked(sourceCode, descriptor.node)) return;
          context.report(descriptor);
        },
      },
    });
    return base.create(filtered);
  },
};
