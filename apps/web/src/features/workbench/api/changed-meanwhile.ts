import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';

/**
 * Call options of a save that names the version it read (ADR 0075): its 409 该配置已被他人修改，请刷新后重试 is shown by
 * the dialog that offers the reload (`useOfferReload`), not toasted as well.
 */
export const CHANGED_MEANWHILE_SHOWN = { quietMessages: [WORKBENCH_MESSAGES.changedMeanwhile] } as const;
