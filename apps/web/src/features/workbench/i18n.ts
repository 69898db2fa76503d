/**
 * Texts of the workbench feature, merged into the app's resources by lib/i18n/i18n.ts. Use top-level keys
 * of this feature only (e.g. `workbench: { … }`); zh-CN exactly as the spec writes it, en-US beside it.
 */
export const workbenchZhCN = {};
export const workbenchEnUS: typeof workbenchZhCN = {};
