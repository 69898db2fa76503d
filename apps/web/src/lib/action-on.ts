/**
 * The accessible name of a control that acts on one named thing among several alike (a service card's 办事指南, a
 * table row's 编辑): the action, a space, then the thing's name — "办事指南 成绩查询", "Edit 国庆节" — the same in both
 * languages and on every page, so a screen reader's list of buttons tells them apart. The visible text stays the
 * action alone.
 */
export const actionOn = (action: string, name: string): string => `${action} ${name}`;
