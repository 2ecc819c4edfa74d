import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 28: the linter refuses a string a person reads, written in a component, that is not in the catalog
// (eslint.config.js, eslint-rules/no-untranslated.js). Each case lints a few lines as if in a real component.

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd(), overrideConfig: tseslint.configs.disableTypeChecked });
});

async function refused(code: string): Promise<number> {
  const source = `import { useLingui } from '@lingui/react';\n${code}\n`;
  const [result] = await eslint.lintText(source, { filePath: 'src/web/app/lint-case.tsx' });
  return result!.messages.filter((m) => m.ruleId === 'i18n/no-untranslated').length;
}

describe('the untranslated-string rule', { timeout: 120_000 }, () => {
  it('refuses words written into a component, its attributes and its constants', async () => {
    expect(await refused('export const A = () => <p>Welcome to the network</p>;')).toBe(1);
    expect(await refused('export const A = () => <input aria-label="Search posts" />;')).toBe(1);
    expect(await refused("const TITLE = 'Your care teams';\nexport const A = () => <h1>{TITLE}</h1>;")).toBe(1);
  });

  it('lets through what comes from the catalog, and what only code reads', async () => {
    expect(
      await refused(
        "export function A() {\n  const { i18n } = useLingui();\n  return <p title={i18n._('Welcome to the network')}>{i18n._('Hello')}</p>;\n}",
      ),
    ).toBe(0);
    expect(
      await refused('const TITLE = /*i18n*/ \'Your care teams\';\nexport const A = () => <h1 className="page-title big">{TITLE}</h1>;'),
    ).toBe(0);
    expect(await refused('export const A = () => <a href="/care" rel="noopener noreferrer" target="_blank">{1}</a>;')).toBe(0);
  });
});
