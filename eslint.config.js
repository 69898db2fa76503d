// Lint settings for the whole repository (issue 15): typescript-eslint, the rules of hooks, and the module
// boundaries of docs/architecture.md — web features never import each other, `lib` never imports features, a
// server module reaches another module only through its service, never its repository or tables.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tools/**',
      'bench/web-baseline/**',
      'apps/web/public/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Input checks match control characters on purpose (contracts/input.ts, the efficiency ingest's names).
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Migrations are frozen: they use Kysely<any> as Kysely's guide says, not today's table types.
    files: ['apps/server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read answers loosely (`result: any`) to check their fields; production code may not.
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Ant Design names a search box's buttons by their icons, in English in both languages ("search"); the shared
    // SearchInput names them in the interface's language.
    files: ['apps/web/**/*.tsx'],
    ignores: ['apps/web/src/components/search-input.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXMemberExpression[object.name='Input'][property.name='Search']",
          message: 'Use SearchInput (components/search-input.tsx): its buttons are named in the interface language.',
        },
        {
          selector: "JSXOpeningElement[name.name='InputNumber'] > JSXAttribute[name.name=/^(min|max)$/]",
          message:
            "An InputNumber's min and max rewrite an out-of-range value on blur without a word: bound it with rangeRule (lib/form-limits.ts) on its Form.Item.",
        },
        {
          selector:
            "JSXOpeningElement:matches([name.name=/^(Input|Select|TreeSelect|AutoComplete|Cascader|DatePicker)$/], [name.object.name=/^(Input|DatePicker)$/]) > JSXAttribute[name.name='allowClear']:matches([value=null], [value.expression.value=true])",
          message:
            "Ant Design names a clear button in English ('close-circle', 'Clear'): use allowClear={clearable(t)} (components/clearable.tsx).",
        },
        {
          selector:
            'JSXOpeningElement[name.name=/^[A-Z][A-Za-z]*(Outlined|Filled|TwoTone)$/]:not(:has(JSXAttribute[name.name=/^aria-(hidden|label)$/]))',
          message:
            'An Ant Design icon names itself in English (<span role="img" aria-label="robot">), in both languages and inside the name of the button, link or heading around it: mark it aria-hidden (the text beside it or the control\'s aria-label names it), or give it an aria-label in the interface\'s language.',
        },
        {
          selector:
            "VariableDeclarator[init.callee.property.name='useApp'] > ObjectPattern > Property[key.name='message']",
          message:
            "Ant Design's toasts announce their icon's English name ('close-circle …'): use useToast() (components/toast.tsx).",
        },
        {
          selector:
            "JSXAttribute[name.name='pagination'] > JSXExpressionContainer > :not(ObjectExpression, Literal[value=false])",
          message:
            'Write the pagination inline as pagination={{ ...pagerNames(t), … }} (components/pager-names.tsx), or false.',
        },
        {
          selector:
            "JSXAttribute[name.name='pagination'] > JSXExpressionContainer > ObjectExpression:not(:has(SpreadElement > CallExpression[callee.name='pagerNames']))",
          message:
            "Ant Design names pagination arrows in English ('left', 'right'): spread pagerNames(t) into it (components/pager-names.tsx).",
        },
        {
          selector:
            "JSXOpeningElement[name.name='Button'][selfClosing=true]:has(> JSXAttribute[name.name='icon']):not(:has(> JSXAttribute[name.name=/^(aria-label|aria-labelledby|title)$/])):not(:has(> JSXSpreadAttribute))",
          message:
            'A button with only an icon needs a name in the interface language: give it an aria-label (its icon is aria-hidden).',
        },
        {
          selector:
            "JSXOpeningElement:matches([name.object.name=/^(Radio|Checkbox)$/][name.property.name='Group'], [name.name='Segmented']):not(:has(> JSXAttribute[name.name=/^aria-label(ledby)?$/]))",
          message:
            "A group of options is a radiogroup or group with no name of its own (a Form.Item's label does not name it): give it aria-label (the label's text) or aria-labelledby.",
        },
        {
          selector: "JSXOpeningElement[name.name='Popconfirm']:not(:has(> JSXAttribute[name.name='icon']))",
          message:
            "Ant Design's Popconfirm icon names itself 'exclamation-circle', in English inside the confirmation: write icon={POPCONFIRM_ICON} (components/popconfirm-icon.tsx).",
        },
        {
          selector:
            "JSXOpeningElement[name.name=/^(Table|DataTable)$/]:not(:has(JSXSpreadAttribute)):not(:has(JSXAttribute[name.name='pagination']))",
          message:
            "A Table without a pagination prop pages its rows with Ant Design's English arrows ('left', 'right'): write pagination={{ ...pagerNames(t), … }} (components/pager-names.tsx), or pagination={false}.",
        },
        {
          selector:
            "JSXOpeningElement[name.name='Pagination']:not(:has(JSXSpreadAttribute > CallExpression[callee.name='pagerNames']))",
          message:
            "Ant Design names pagination arrows in English ('left', 'right'): write <Pagination {...pagerNames(t)} …/> (components/pager-names.tsx).",
        },
      ],
    },
  },
  {
    // A table scrolls sideways inside its card on a narrow screen: DataTable makes that part a named Tab stop (axe's
    // scrollable-region-focusable), the bare Ant Design Table does not.
    files: ['apps/web/**/*.tsx'],
    ignores: ['apps/web/src/components/data-table.tsx', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd',
              importNames: ['Table'],
              message: "Use DataTable with the table's title as label (components/data-table.tsx).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: {
      'boundaries/web-features': 'error',
      'boundaries/server-modules': 'error',
    },
  },
);
