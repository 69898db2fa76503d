import { PersonalCenterPage } from '../../features/personal/components/personal-center-page.tsx';
import { UserThemeDialog } from '../../features/workbench/components/user-theme-dialog.tsx';

/** /home/PersonalCenter: the personal feature, with the workbench's user theme dialog as its theme section. */
export function PersonalCenterRoute() {
  return <PersonalCenterPage themeDialog={({ open, onClose }) => <UserThemeDialog open={open} onClose={onClose} />} />;
}
