// Module boundaries of docs/architecture.md as lint rules (issue 15), so that `npm test` fails on a boundary import:
// - web-features: a web feature never imports another feature; `lib/` and `components/` never import features or `app/`.
// - server-modules: a server module never imports another module's repository; outside tests it never writes another
//   module's table, and reads one only where READ_GRANTS below says so and why: otherwise it calls the owner's service.
import path from 'node:path';

const WEB = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
const SERVER_MODULES = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}modules${path.sep}`;

/** Which module owns a table, by the table's name (docs/architecture.md, "Server modules"). */
export const TABLE_OWNERS = [
  [
    /^(users|roles|user_roles|user_depts|role_menus|sessions|refresh_tokens|login_|password_configs|tenants|menus|departments)/,
    ['auth'],
  ],
  [/^identity_/, ['identity']],
  [/^(svc_|cygj_)/, ['services']],
  [/^wb_(cards|card_columns|card_roles|index_cards|external_apis|tools|todos|news|announcements)$/, ['cards']],
  [/^wb_index_types$/, ['home-config']],
  [/^wb_navigation$/, ['navigation']],
  [/^wb_settings$/, ['site-settings']],
  [/^wb_(holidays|service_specials|service_special_items)$/, ['calendar-specials']],
  [/^(osp_|three_list_)/, ['three-lists']],
  [/^transfer_/, ['transfer']],
  [/^eff_/, ['efficiency']],
  [/^pc_/, ['personal']],
  // A notice is a public account's chat message: the message center (messages) keeps it in chat's inbox.
  [/^chat_/, ['chat', 'messages']],
  [/^notice/, ['messages']],
  [/^(robot_|question_|faq_)/, ['assistant']],
  [/^audit_/, ['audit']],
];

/**
 * Reads of another module's tables that are allowed, each with its reason. Writes are never allowed.
 * The directory (users, roles, user roles, users' departments, tenants) is read by every module to show names and
 * scope rows.
 */
export const READ_GRANTS = {
  '*': [/^(users|roles|user_roles|user_depts|tenants)$/],
  // Reports aggregate over the catalogue and the to-do list in SQL; going through services would mean loading them whole.
  efficiency: [/^svc_(depts|scenes|services|clicks|ratings)$/, /^wb_todos$/],
  // Linking a duty to a service pages the catalogue's services with their departments in one query; the duty lists
  // join the tenant's one department list (svc_depts, ADR 0032) for names and parents. Writes to it go through
  // services/departments.ts.
  'three-lists': [/^svc_(services|depts)$/],
};

/** Modules that share another's tables (TABLE_OWNERS) may also use its repository. */
const SHARES_REPOSITORY_OF = { messages: ['chat'] };

function tableOwner(table) {
  for (const [re, owners] of TABLE_OWNERS) if (re.test(table)) return owners;
  return undefined;
}

/** The part after `marker` in an absolute file name, split into segments; undefined when the file is elsewhere. */
function segmentsAfter(file, marker) {
  const i = file.indexOf(marker);
  return i < 0 ? undefined : file.slice(i + marker.length).split(path.sep);
}

function importTarget(context, node) {
  const spec = node.source && node.source.value;
  if (typeof spec !== 'string' || !spec.startsWith('.')) return undefined;
  return path.resolve(path.dirname(context.filename), spec);
}

const webFeatures = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      feature:
        'Feature "{{from}}" imports feature "{{to}}": features never import each other; move what both need to lib/ or meet in app/routes.',
      lib: '{{from}}/ imports {{to}}: lib/ and components/ never import features or app/.',
    },
  },
  create(context) {
    const own = segmentsAfter(context.filename, WEB);
    if (!own) return {};
    const check = (node) => {
      const target = importTarget(context, node);
      const to = target && segmentsAfter(target, WEB);
      if (!to) return;
      if (own[0] === 'features' && to[0] === 'features' && to[1] !== own[1])
        context.report({ node, messageId: 'feature', data: { from: own[1], to: to[1] } });
      if ((own[0] === 'lib' || own[0] === 'components') && (to[0] === 'features' || to[0] === 'app'))
        context.report({ node, messageId: 'lib', data: { from: own[0], to: `${to[0]}/${to[1] ?? ''}` } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const READS = new Set(['selectFrom', 'innerJoin', 'leftJoin', 'rightJoin']);
const WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);

function readGranted(from, table) {
  return [...(READ_GRANTS['*'] ?? []), ...(READ_GRANTS[from] ?? [])].some((re) => re.test(table));
}

const serverModules = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      repository: 'Module "{{from}}" imports the repository of module "{{to}}": call that module\'s service instead.',
      table: 'Module "{{from}}" {{verb}} table "{{table}}" of module "{{to}}": call that module\'s service instead.',
    },
  },
  create(context) {
    const own = segmentsAfter(context.filename, SERVER_MODULES);
    if (!own || own.length < 2) return {};
    const from = own[0];
    const isTest = /\.test\.ts$|test-files\.ts$|test-support\.ts$|test-client\.ts$/.test(context.filename);
    const checkImport = (node) => {
      const target = importTarget(context, node);
      const to = target && segmentsAfter(target, SERVER_MODULES);
      if (
        to &&
        to.length >= 2 &&
        to[0] !== from &&
        /\.repository\.ts$/.test(to[to.length - 1]) &&
        !isTest &&
        !(SHARES_REPOSITORY_OF[from] ?? []).includes(to[0])
      )
        context.report({ node, messageId: 'repository', data: { from, to: to[0] } });
    };
    return {
      ImportDeclaration: checkImport,
      ImportExpression: checkImport,
      CallExpression(node) {
        if (isTest) return;
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        if (!READS.has(method) && !WRITES.has(method)) return;
        const arg = node.arguments[0];
        if (!arg || arg.type !== 'Literal' || typeof arg.value !== 'string') return;
        const table = arg.value.trim().split(/\s+/)[0];
        const owners = tableOwner(table);
        if (!owners || owners.includes(from)) return;
        const to = owners[0];
        if (READS.has(method) && readGranted(from, table)) return;
        context.report({
          node: arg,
          messageId: 'table',
          data: { from, table, to, verb: READS.has(method) ? 'reads' : 'writes' },
        });
      },
    };
  },
};

export default { rules: { 'web-features': webFeatures, 'server-modules': serverModules } };
