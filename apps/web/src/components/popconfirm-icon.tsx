import { ExclamationCircleFilled } from '@ant-design/icons';

/**
 * Popconfirm's warning icon, hidden from assistive technology: Ant Design's names itself "exclamation-circle", in
 * English at the start of the confirmation in both languages. Every Popconfirm takes it: `icon={POPCONFIRM_ICON}`
 * (lint requires an icon of its own).
 */
export const POPCONFIRM_ICON = <ExclamationCircleFilled aria-hidden />;
