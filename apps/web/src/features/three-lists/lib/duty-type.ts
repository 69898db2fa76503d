import { DUTY_TYPES, type DutyType } from '@portal/contracts/constants';
import type { TFunction } from '../../../lib/i18n/i18n.ts';

/** The text key of each duty type of the server's fixed list (DUTY_TYPES): the value is stored in Chinese. */
const DUTY_TYPE_KEYS: Record<DutyType, string> = {
  职责: 'threeLists.dutyTypes.duty',
  责任: 'threeLists.dutyTypes.responsibility',
  权力: 'threeLists.dutyTypes.power',
};

/** A duty's type in the interface's language; a value outside the fixed list (a tenant's own) as it is. */
export function dutyTypeLabel(t: TFunction, value: string): string {
  return (DUTY_TYPES as readonly string[]).includes(value) ? t(DUTY_TYPE_KEYS[value as DutyType]) : value;
}
