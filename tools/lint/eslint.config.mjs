// ESLint for the service (npm run lint; npm test runs it first). typescript-eslint's recommended
// rules without type information: the type check is tsc's job (TypeScript 7), and typed linting
// would need the TypeScript 5 program on every file, doubling the check's time.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Paths are relative to the working directory, the repository's root (npm run lint).
    ignores: [
      'node_modules/',
      'tools/lint/node_modules/',
      'data/',
      'bench/out/',
      '.tmp/',
      'docs/',
      '**/*.d.ts',
      'scratch/',
    ],
  },
  {
    files: ['**/*.ts', '**/*.mjs', '**/*.js'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
      },
    },
    rules: {
      // `_name` marks what is left out on purpose (a rest sibling, an unused parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Tests and benchmarks read JSON answers of any shape; the service's own code stays typed.
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
