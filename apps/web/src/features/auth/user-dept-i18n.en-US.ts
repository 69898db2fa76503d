import type { userDeptZhCN } from './user-dept-i18n.ts';

/** en-US beside userDeptZhCN of user-dept-i18n.ts: loaded only when the interface is in English (ADR 0055). */
export const userDeptEnUS: typeof userDeptZhCN = {
  userDept: {
    title: 'User departments',
    intro:
      'A notice sent to a department reaches its members and the members of the departments under it. A sign-in through the school’s identity provider updates only the departments it provides; departments set here stay.',
    search: 'Search by name or account',
    deptFilter: 'Filter by department',
    refresh: 'Refresh',
    name: 'Name',
    account: 'Account',
    role: 'Role',
    departments: 'Departments',
    none: 'None',
    fromIdentity: 'identity provider',
    actions: 'Actions',
    edit: 'Set departments',
    dialogTitle: 'Set departments',
    user: 'User',
    deptsLabel: 'Departments',
    deptsHelp: 'Choose one or several; choose none to clear all of this user’s departments.',
    save: 'Save',
    cancel: 'Cancel',
    saved: 'Departments of {{name}} saved',
    total: '{{total}} users',
  },
};
