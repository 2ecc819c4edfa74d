// Lint (issue 13, decision 015): typescript-eslint, React's hook rules, jsx-a11y, and the import
// boundaries of DESIGN.md rule 1, which held only by review before. Prettier formats; this file checks.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importPlugin from 'eslint-plugin-import';
import noImportCycle from './eslint-rules/no-import-cycle.js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noUntranslated from './eslint-rules/no-untranslated.js';
import tseslint from 'typescript-eslint';

const src = path.join(import.meta.dirname, 'src');
const dirsOf = (side) =>
  fs
    .readdirSync(path.join(src, side), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/**
 * The core of each side: what every feature may use, and which imports no feature. The composition
 * folders (the server's test kit and attack suites) and the root files (app.ts, main.ts, routes.tsx…)
 * put the features together and may import anything of their side.
 */
const CORE = { server: ['db', 'http', 'jobs', 'storage', 'rate-limit', 'i18n'], web: ['lib', 'app', 'styles', 'i18n'] };
const COMPOSITION = { server: ['testing', 'security'], web: [] };

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

/** DESIGN rule 1, as zones of import/no-restricted-paths. */
function boundaries(side) {
  const features = dirsOf(side).filter((d) => !CORE[side].includes(d) && !COMPOSITION[side].includes(d));
  const under = (...parts) => path.join(src, side, ...parts);
  return [
    {
      target: under(`{${CORE[side].join(',')}}`, '**'),
      from: under(`!(${CORE[side].join('|')})`, '**'),
      message: `The core (${CORE[side].join(', ')}) serves every feature and imports none.`,
    },
    ...features.map((feature) => ({
      target: under(`!(${[feature, ...COMPOSITION[side]].join('|')})`, '**'),
      from: under(feature, '**'),
      except: [under(feature, 'index.{ts,tsx}')],
      message: `Another feature's code is reached through its public file, ${side}/${feature}/index.ts.`,
    })),
  ];
}

const sharedStaysShared = {
  target: path.join(src, 'shared', '**'),
  from: [path.join(src, 'server', '**'), path.join(src, 'web', '**')],
  message: 'src/shared is used by both sides and imports neither.',
};
const serverStaysOffTheBrowser = (except = []) => ({
  target: path.join(src, 'web', '**'),
  from: path.join(src, 'server', '**'),
  except,
  message: 'The browser reaches the server through the typed client (src/web/lib/api-client.ts) only.',
});
const browserStaysOffTheServer = {
  target: path.join(src, 'server', '**'),
  from: path.join(src, 'web', '**'),
  message: 'The server does not import browser code.',
};

const restrict = (...zones) => ['error', { zones }];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'data/**',
      'test-results/**',
      'public/**',
      'node_modules/**',
      'src/web/map/us-map-shapes.ts',
      'src/shared/i18n/compiled/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'eslint-rules/*.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { import: importPlugin, local: { rules: { 'no-import-cycle': noImportCycle } } },
    settings: {
      // The plugin reads the imported files too (for cycles), with the TypeScript parser; our imports are
      // relative paths, so Node's resolution with TypeScript's extensions finds them.
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      // Every cycle, type-only imports included (issue 24): import/no-cycle skips `import type` by design.
      'local/no-import-cycle': 'error',
      'import/no-duplicates': 'error',
      'import/no-self-import': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Hono's handlers and React's event props take async functions; a promise there is awaited by the caller.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      // Implementations of promise-returning interfaces (a mail transport's close, a Hono handler) are async
      // without awaiting anything; the rule would have them return Promise.resolve() by hand.
      '@typescript-eslint/require-await': 'off',
    },
  },
  { files: ['eslint.config.js', 'eslint-rules/*.js', 'scripts/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      ...reactHooks.configs['recommended-latest'].rules,
      // A scrolling region (a wide table on a phone) must take focus to scroll by keyboard (axe: scrollable-region-focusable);
      // a named <section> is HTML's region.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'], tags: ['section'] }],
    },
  },
  // The boundaries hold for the product's code; tests may reach into the feature they test.
  { files: ['src/shared/**'], ignores: TESTS, rules: { 'import/no-restricted-paths': restrict(sharedStaysShared) } },
  {
    files: ['src/server/**'],
    ignores: TESTS,
    rules: { 'import/no-restricted-paths': restrict(browserStaysOffTheServer, ...boundaries('server')) },
  },
  {
    files: ['src/web/**'],
    ignores: [...TESTS, 'src/web/lib/api-client.ts'],
    rules: { 'import/no-restricted-paths': restrict(serverStaysOffTheBrowser(), ...boundaries('web')) },
  },
  {
    // The one door from the browser to the server: the types of the server's routes, nothing that runs.
    files: ['src/web/lib/api-client.ts'],
    rules: {
      'import/no-restricted-paths': restrict(serverStaysOffTheBrowser([path.join(src, 'server', 'app.{ts,tsx}')]), ...boundaries('web')),
    },
  },
  {
    // What the prerendered landing page renders runs before React Router has loaded (decision 003, issue 14):
    // it links through AppLink/AppNavLink and reads the path with usePathname() (src/web/app/navigation.tsx).
    files: [
      'src/web/landing.tsx',
      'src/web/landing-app.tsx',
      'src/web/home/**',
      'src/web/map/**',
      'src/web/app/{app-frame,header-slots,site-header,site-footer,mobile-menu,navigation,nav-items,icons,use-document-title}.{ts,tsx}',
    ],
    ignores: TESTS,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router/dom'].map((name) => ({
            name,
            allowTypeImports: true,
            message:
              'The landing page runs without React Router at first: use AppLink, AppNavLink and usePathname (src/web/app/navigation.tsx).',
          })),
        },
      ],
    },
  },
  {
    // Issue 28: a component's words come from the catalog (decision 043). A string a person reads, written in a
    // component without i18n._(), <Trans> or a /*i18n*/ mark, is refused; what only code reads (class names,
    // variants, paths, keys) passes by its name or its shape.
    files: ['src/web/**/*.tsx'],
    ignores: TESTS,
    plugins: { i18n: { rules: { 'no-untranslated': noUntranslated } } },
    rules: {
      'i18n/no-untranslated': [
        'error',
        {
          ignore: [
            // One lowercase token, a path, a code or a CSS value: no sentence.
            '^[a-z0-9./:#@_%+,()\\[\\]=?&*-]*$',
            '^[A-Z0-9_]+$',
            '^(aria|data)-',
            // A colour, a camelCase name (a state's key).
            '^#[0-9A-Fa-f]{3,8}$',
            '^[a-z]+[A-Za-z0-9]*$',
            // An SVG path.
            '^[MmLlHhVvCcSsQqTtAaZz0-9 .,-]+$',
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(className|classNames|class|style|styles|variant|color|c|bg|size|radius|gap|justify|align|wrap|fw|fz|ta|tt|lh|ff|display|pos|position|component|type|to|href|src|id|key|name|target|rel|autoComplete|inputMode|role|method|order|hiddenFrom|visibleFrom|mt|mb|ml|mr|my|mx|m|p|pt|pb|pl|pr|px|py|w|h|maw|miw|mah|mih|span|cols|spacing|verticalSpacing|withinPortal|transition|orientation|dir|lang|hrefLang|download|accept|loading|decoding|fill|stroke|d|viewBox|xmlns|clipPath|strokeLinecap|strokeLinejoin|fillRule|clipRule|transform|textAnchor|dominantBaseline|fontWeight|fontSize|x|y|cx|cy|r|width|height|dataKey|value|defaultValue|tabIndex|scope|headers|htmlFor|form|encType|pattern|step|min|max|leftSectionPointerEvents|rightSectionPointerEvents|inputSize|labelPosition|layout|underline|shadow|weight|icon|mode|queryKey|path|variantColor|autoCapitalize|spellCheck|enterKeyHint|timeZone|locale|currency|dateStyle|timeStyle|weekday|month|day|year|hour|minute|unit|unitDisplay|notation|compactDisplay|maximumFractionDigits|minimumFractionDigits|numeric|style)$',
              },
            },
          ],
          ignoreFunctions: [
            'console.*',
            '*.field',
            'f.*',
            'icon',
            'Error',
            'new Error',
            'URLSearchParams',
            'URL',
            '*.get',
            '*.set',
            '*.has',
            '*.delete',
            '*.append',
            '*.getAttribute',
            '*.setAttribute',
            '*.addEventListener',
            '*.removeEventListener',
            '*.querySelector',
            '*.querySelectorAll',
            '*.getElementById',
            '*.startsWith',
            '*.endsWith',
            '*.includes',
            '*.split',
            '*.join',
            '*.replace',
            '*.replaceAll',
            '*.match',
            '*.test',
            'cx',
            'clsx',
            'useQuery',
            'queryOptions',
            'useLive',
            'navigate',
            'matchPath',
            'useParams',
            'useSearchParams',
            'setSearchParams',
            'document.createElement',
            'Intl.*',
            'new Intl.*',
            '*.toLocaleString',
            '*.toLocaleDateString',
            '*.padStart',
            '*.padEnd',
            'require',
            'import',
            'call',
            'fetch',
            'RegExp',
            'new RegExp',
            'Symbol',
            '*.date',
            '*.number',
            'Date',
            'new Date',
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON answers whose type they assert by checking them; `any` from res.json() is expected there.
    files: [...TESTS, 'e2e/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  prettier,
);
