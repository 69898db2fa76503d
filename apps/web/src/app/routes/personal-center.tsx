import { ChatPrivacySettings } from '../../features/chat/components/chat-privacy-settings.tsx';
import { PersonalCenterPage } from '../../features/personal/components/personal-center-page.tsx';
import { useOpenService } from '../../features/services/components/use-open-service.ts';
import { UserThemeDialog } from '../../features/workbench/components/user-theme-dialog.tsx';

/**
 * /home/PersonalCenter: the personal feature, with the workbench's user theme dialog as its theme section and
 * the services feature's opener for recently used services, and the chat's read-receipt setting as a privacy setting.
 */
export function PersonalCenterRoute() {
  const openService = useOpenService();
  return (
    <PersonalCenterPage
      themeDialog={({ open, onClose }) => <UserThemeDialog open={open} onClose={onClose} />}
      onOpenService={(s) => void openService(s)}
      privacySettings={<ChatPrivacySettings />}
    />
  );
}
