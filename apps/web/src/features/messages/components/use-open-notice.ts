import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { isRepeatClick } from '../../../lib/click-guard.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { getMessageCenterDetail } from '../api/get-message-center-detail.ts';
import { isShowMsgQueryKey } from '../api/get-is-show-msg.ts';
import { publicAccountsQueryKey } from '../api/get-public-accounts.ts';
import { readMessage } from '../api/read-message.ts';
import { openMessageDetail } from '../lib/open-message.ts';

/** Opens a notice the 4.2 way: read and open its url in a new window, or the deleted page. */
export function useOpenNotice() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string) => {
      // A second tap within 800 ms opened the notice in two windows (section 9).
      if (isRepeatClick(`notice:${id}`)) return null;
      const userId = sessionStore.getState().user?.user_id ?? '';
      const result = await openMessageDetail(id, {
        detail: getMessageCenterDetail,
        markRead: (messageId) => readMessage(messageId, userId),
        openUrl: (url) => window.open(url, '_blank', 'noopener'),
        openDeleted: () => navigate('/deleteNoPag'),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: isShowMsgQueryKey }),
        // The public accounts' unread counts (the chat panel's tab) lost this one too.
        queryClient.invalidateQueries({ queryKey: publicAccountsQueryKey }),
      ]);
      return result;
    },
    [navigate, queryClient],
  );
}
