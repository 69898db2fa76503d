import { chatHttp } from '../../../lib/http/clients.ts';

/** Mutes (免打扰) or unmutes a conversation for the user, on every device. */
export function setMuteChat(peerId: string, muted: boolean): Promise<null> {
  return chatHttp.post<null>('/conversation/mute', { peerId, muted });
}
