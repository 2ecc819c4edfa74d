import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 13: the import boundaries (docs/architecture.md, "Boundaries, kept by the linter") are kept by the linter
// (eslint.config.js), not by review. Each case lints one line as if it were written in a real file of the tree,
// and says which rule refuses it, if any.

let eslint: ESLint;
beforeAll(() => {
  // The cycle rule reads the linted file's imports from its text, so an import that exists only here counts.
  // The boundaries need no types: without the typed rules, ESLint does not load the whole TypeScript project
  // for the first line it lints (15 of this file's 18 s).
  eslint = new ESLint({ cwd: process.cwd(), overrideConfig: tseslint.configs.disableTypeChecked });
});

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result!.messages.filter((m) => /^(import|local)\//.test(m.ruleId ?? '')).map((m) => m.ruleId!);
}

describe('the import boundaries', { timeout: 120_000 }, () => {
  it('keep src/shared free of both sides', async () => {
    expect(await refusals('src/shared/brand.ts', "import '../server/config';")).toContain('import/no-restricted-paths');
    expect(await refusals('src/shared/brand.ts', "import '../web/theme';")).toContain('import/no-restricted-paths');
    expect(await refusals('src/shared/brand.ts', "import './limits';")).toEqual([]);
  });

  it('keep the server out of the browser, but for the types of its routes in the typed client', async () => {
    expect(await refusals('src/web/theme.ts', "import '../server/config';")).toContain('import/no-restricted-paths');
    expect(await refusals('src/web/theme.ts', "import type { App } from '../server/app';")).toContain('import/no-restricted-paths');
    expect(await refusals('src/web/lib/api-client.ts', "import type { App } from '../../server/app';")).toEqual([]);
    expect(await refusals('src/server/config.ts', "import '../web/theme';")).toContain('import/no-restricted-paths');
  });

  it("let a feature reach another only through that feature's index.ts", async () => {
    expect(await refusals('src/server/admin/overview.ts', "import { membersByState } from '../states/service';")).toContain(
      'import/no-restricted-paths',
    );
    expect(await refusals('src/server/admin/overview.ts', "import { membersByState } from '../states';")).toEqual([]);
    expect(await refusals('src/web/home/home-page.tsx', "import { formatCount } from '../map/format';")).toContain(
      'import/no-restricted-paths',
    );
    expect(await refusals('src/web/home/home-page.tsx', "import { formatCount } from '../map';")).toEqual([]);
  });

  it('keep the core free of features', async () => {
    expect(await refusals('src/server/http/errors.ts', "import '../forum';")).toContain('import/no-restricted-paths');
    expect(await refusals('src/web/lib/api.ts', "import '../map';")).toContain('import/no-restricted-paths');
    expect(await refusals('src/server/forum/service.ts', "import '../http/errors';")).toEqual([]);
  });

  it('refuse a cycle between features', async () => {
    // admin/overview.ts reads the states' figures; were the states to read the admin's overview, that is a cycle.
    expect(
      await refusals('src/server/states/service.ts', "import { getOverview } from '../admin/overview';\nexport const read = getOverview;"),
    ).toContain('local/no-import-cycle');
  });

  it('refuse a cycle of types too (issue 24)', async () => {
    // deps.ts builds the outbox from mail/db-outbox.ts; were the outbox to take the Outbox type from deps.ts again,
    // that is a cycle, though no code of it runs.
    expect(await refusals('src/server/mail/db-outbox.ts', "import type { Outbox } from '../deps';\nexport type O = Outbox;")).toContain(
      'local/no-import-cycle',
    );
    expect(await refusals('src/server/mail/db-outbox.ts', "import type { Outbox } from './outbox';\nexport type O = Outbox;")).toEqual([]);
  });
});
