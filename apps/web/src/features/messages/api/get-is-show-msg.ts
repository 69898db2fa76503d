import { useQuery } from '@tanstack/react-query';
import type { IsShowMsg } from '@portal/contracts/messages';
import { ospHttp } from '../../../lib/http/clients.ts';
import { messagesKeys } from './query-keys.ts';

/** POST homePage/getIsShowMsg: the unread important notices of the bottom-right prompt (latest 10). */
export function getIsShowMsg(): Promise<IsShowMsg> {
  return ospHttp.post<IsShowMsg>('/homePage/getIsShowMsg', undefined, { silent: true });
}

export const isShowMsgQueryKey = messagesKeys.isShowMsg();
export const getIsShowMsgQueryOptions = () => ({ queryKey: isShowMsgQueryKey, queryFn: getIsShowMsg, retry: false });
export const useIsShowMsg = (enabled: boolean) => useQuery({ ...getIsShowMsgQueryOptions(), enabled });
