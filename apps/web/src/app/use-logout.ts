import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { loginOut } from '../features/auth/api/login-out.ts';
import { stopChat } from '../features/chat/lib/chat-runtime.ts';
import { sessionStore } from '../lib/session/session-store.ts';

/**
 * Logout (4.3): ends the server session when asked, then clears token, menus, roles, tags, lock and
 * chat records and goes to /login?logout=true.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ serverSide }: { serverSide: boolean }) => {
      const token = sessionStore.getState().token;
      if (serverSide && token) await loginOut(token).catch(() => undefined);
      stopChat();
      sessionStore.getState().logoutClear();
      queryClient.clear();
      navigate(serverSide ? '/login?logout=true' : '/login?isLogin=true', { replace: true });
    },
    [navigate, queryClient],
  );
}
