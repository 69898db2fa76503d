import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { getAddress } from '../features/auth/api/get-address.ts';
import { loginOut } from '../features/auth/api/login-out.ts';
import { sessionStore } from '../lib/session/session-store.ts';

/**
 * Logout (4.3): ends the server session when asked, stops the chat and goes to /login?logout=true (or
 * ?isLogin=true), where the login page clears token, menus, roles, tags, lock, chat records and cached answers. A session that began at the school's identity provider is ended
 * there too: auth/getAddress gives the provider's logout address (RP-initiated logout, CAS /logout), which
 * comes back to /login?logout=1.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ serverSide }: { serverSide: boolean }) => {
      const token = sessionStore.getState().token;
      const providerLogout =
        serverSide && token
          ? await getAddress({}).then(
              (a) => a.logoutUrl,
              () => null,
            )
          : null;
      if (serverSide && token) await loginOut(token).catch(() => undefined);
      // The chat is a code part the shell loads after its first paint (issue 10): stopped if it is running. (The chat
      // stops itself too when the token is cleared, which the login page does.)
      void import('../features/chat/lib/chat-runtime.ts').then((m) => m.stopChat());
      if (providerLogout) {
        sessionStore.getState().logoutClear();
        queryClient.clear();
        window.location.assign(providerLogout);
        return;
      }
      // The login page forgets the session and the cached answers once it shows (logout / isLogin in its query):
      // cleared here, while the /home page is still on screen (the route change is a transition), the guard
      // would send the user to /login?redirect=… and 您已安全退出 would never show.
      void navigate(serverSide ? '/login?logout=true' : '/login?isLogin=true', { replace: true });
    },
    [navigate, queryClient],
  );
}
