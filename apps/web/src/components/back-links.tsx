import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { useSession } from '../lib/session/session-store.ts';

/**
 * The way back from a page outside the shell (a notice's page): 返回上一页 when the portal brought the user here (its
 * history has the page before), and always 返回首页 — a page opened in a new tab, or from a link in a mail, has no page
 * before it in the portal, and on a phone no visible way back either.
 */
export function BackLinks() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.token !== null);
  // 'default': the first page of this tab's history in the portal (nothing of the portal's to go back to).
  const cameFromPortal = useLocation().key !== 'default';
  return (
    <nav className="back-links" aria-label={t('nav.back')}>
      {cameFromPortal && (
        <button type="button" className="plain-button plain-button-text" onClick={() => navigate(-1)}>
          ‹ {t('errors.goBack')}
        </button>
      )}
      <Link className="plain-button plain-button-text" to={signedIn ? '/home/homePage' : '/'}>
        {t('notBuilt.back')}
      </Link>
    </nav>
  );
}
