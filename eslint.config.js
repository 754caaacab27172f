// ESLint for the whole tree (flat config). `npm run lint` runs it, then `prettier --check`.
import { registerHooks } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';

// typescript-eslint parses with TypeScript's JavaScript API, which TypeScript 7 (the native
// compiler `npm run typecheck` uses) no longer ships. Its packages get TypeScript 6 instead,
// installed under another name; everything else keeps resolving `typescript` to 7.
registerHooks({
  resolve(specifier, context, nextResolve) {
    const fromTypescriptEslint = /[\\/]node_modules[\\/](?:@typescript-eslint|typescript-eslint|ts-api-utils)[\\/]/;
    if (specifier === 'typescript' && fromTypescriptEslint.test(context.parentURL ?? '')) {
      return nextResolve('typescript-eslint-typescript', context);
    }
    return nextResolve(specifier, context);
  },
});
const { default: tseslint } = await import('typescript-eslint');

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-*/',
      '.react-router/',
      'data/',
      'test-results/',
      'playwright-report/',
      '.tmp/',
      '.tmp-*/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      // Control characters are matched on purpose: stripped from mail headers, refused in
      // settings and names.
      'no-control-regex': 'off',
      // An unused argument or binding named with a leading underscore is deliberate.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The React app runs in the browser as well as on the server.
    files: ['app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Two of React Compiler's checks, for a project the compiler does not build: `refs` flags
      // the "latest props in a ref" pattern and refs handed down in props objects, and
      // `set-state-in-effect` the state a server-rendered page may only take once it runs in
      // the browser (hydrated, storage, media queries), which is set in an effect on purpose.
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A list styled without bullets keeps its role only when it says so (Safari drops it).
      'jsx-a11y/no-redundant-roles': ['error', { ul: ['list'], ol: ['list'] }],
      // A key handler on a container hears the keys of the focusable controls inside it (Escape
      // closes a menu, arrows move in a grid); only pointer handlers on such elements are flagged.
      'jsx-a11y/no-static-element-interactions': ['error', { handlers: ['onClick', 'onMouseDown', 'onMouseUp'] }],
      'jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        { handlers: ['onClick', 'onMouseDown', 'onMouseUp'] },
      ],
    },
  },
  {
    // Tests read untyped JSON answers and reach into internals on purpose.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Browser tests run their callbacks inside the page.
    files: ['tests/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
