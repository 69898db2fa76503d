import { Switch, Typography, message } from 'antd';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useChatPrivacy } from '../api/get-chat-privacy.ts';
import { useSaveChatPrivacy } from '../api/save-chat-privacy.ts';

/** The chat's privacy setting in the personal center: send read receipts (on by default). */
export function ChatPrivacySettings() {
  const { t } = useTranslation();
  const privacy = useChatPrivacy();
  const save = useSaveChatPrivacy();
  const checked = save.isPending && save.variables ? save.variables.readReceipts : (privacy.data?.readReceipts ?? true);
  return (
    <div className="chat-privacy">
      <label style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Switch
          checked={checked}
          loading={privacy.isPending || save.isPending}
          disabled={privacy.isPending}
          aria-describedby="chat-read-receipts-help"
          onChange={(on) =>
            save.mutate({ readReceipts: on }, { onSuccess: () => void message.success(t('chat.privacy.saved')) })
          }
        />
        <span>{t('chat.privacy.readReceipts')}</span>
      </label>
      <Typography.Paragraph id="chat-read-receipts-help" style={{ margin: '8px 0 0', color: '#595959' }}>
        {t('chat.privacy.readReceiptsHelp')}
      </Typography.Paragraph>
    </div>
  );
}
