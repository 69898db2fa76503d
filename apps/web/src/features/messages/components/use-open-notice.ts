import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { isRepeatClick } from '../../../lib/click-guard.ts';
import { embeddableUrl } from '../../../lib/embed.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { getMessageCenterDetail } from '../api/get-message-center-detail.ts';
import { isShowMsgQueryKey } from '../api/get-is-show-msg.ts';
import { publicAccountsQueryKey } from '../api/get-public-accounts.ts';
import { readMessage } from '../api/read-message.ts';
import { openMessageDetail } from '../lib/open-message.ts';

/**
 * Where a notice's url opens in the portal: a page of this site (the notice page /generalDetailsTow, which the server
 * gives a notice without a url of its own) as a route of this tab, its path; null for another site's page.
 */
export function portalPath(url: string, origin: string = window.location.origin): string | null {
  const u = embeddableUrl(url, origin);
  return u && u.origin === origin ? u.pathname + u.search + u.hash : null;
}

/**
 * Opens a notice the 4.2 way: read, then open its url, or the deleted page. The portal's own notice page opens in this
 * tab (ADR 0073: a bare new tab left a phone's user with no way back; the page has 返回上一页 and 返回首页, and its
 * heading takes the focus); another site's page still opens in a new tab (the portal cannot show it reliably).
 */
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
        openUrl: (url) => {
          const path = portalPath(url);
          if (path) void navigate(path);
          else window.open(url, '_blank', 'noopener');
        },
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
