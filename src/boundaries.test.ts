import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 13: the import boundaries (docs/architecture.md, "Boundaries, kept by the linter") are kept by the linter
// (eslint.config.js), not by review. Each case lints one line as if it were written in a real file of the tree,
// and says which rule refuses it, if any.

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: process.cwd(),
    // The rule's shortcut (components of the import graph, computed once from the files on disk) cannot see
    // an import that exists only in the linted text; without it the rule walks the graph from that text.
    overrideConfig: { rules: { 'import/no-cycle': ['error', { ignoreExternal: true, disableScc: true }] } },
  });
});

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId?.startsWith('import/')).map((m) => m.ruleId!);
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
    expect(await refusals('src/server/admin/overview.ts', "import { networkByState } from '../states/service';")).toContain(
      'import/no-restricted-paths',
    );
    expect(await refusals('src/server/admin/overview.ts', "import { networkByState } from '../states';")).toEqual([]);
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
    ).toContain('import/no-cycle');
  });
});
