/**
 * Texts of the services feature, merged into the app's resources by lib/i18n/i18n.ts. Use top-level keys
 * of this feature only (e.g. `services: { … }`); zh-CN exactly as the spec writes it, en-US beside it.
 */
export const servicesZhCN = {};
export const servicesEnUS: typeof servicesZhCN = {};
