import { MESSAGES, MESSAGES_EN_US } from '@portal/contracts/errors';
import { serverText } from '../../../lib/i18n/i18n.ts';

/**
 * The login answer's message in the page's language: the server sends the zh-CN text (section 8 style); for an
 * English page the known login messages (wrong password, locked account, busy network) are shown in en-US.
 */
export function loginMessage(msg: string, language: string): string {
  if (!language.toLowerCase().startsWith('en')) return msg;
  const key = (Object.keys(MESSAGES_EN_US) as Array<keyof typeof MESSAGES_EN_US>).find((k) => MESSAGES[k] === msg);
  return key ? MESSAGES_EN_US[key] : serverText(msg, 'en-US');
}
