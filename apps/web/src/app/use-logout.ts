import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { getAddress } from '../features/auth/api/get-address.ts';
import { loginOut } from '../features/auth/api/login-out.ts';
import { stopChat } from '../features/chat/lib/chat-runtime.ts';
import { sessionStore } from '../lib/session/session-store.ts';

/**
 * Logout (4.3): ends the server session when asked, then clears token, menus, roles, tags, lock and
 * chat records and goes to /login?logout=true. A session that began at the school's identity provider is ended
 * there too: auth/getAddress gives the provider's logout address (RP-initiated logout, CAS /logout), which
 * comes back to /login?logout=1.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ serverSide }: { serverSide: boolean }) => {
      const token = sessionStore.getState().token;
      const providerLogout = serverSide && token ? await getAddress({}).then((a) => a.logoutUrl, () => null) : null;
      if (serverSide && token) await loginOut(token).catch(() => undefined);
      stopChat();
      sessionStore.getState().logoutClear();
      queryClient.clear();
      if (providerLogout) {
        window.location.assign(providerLogout);
        return;
      }
      navigate(serverSide ? '/login?logout=true' : '/login?isLogin=true', { replace: true });
    },
    [navigate, queryClient],
  );
}
