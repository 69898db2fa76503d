import { Button, ColorPicker, Input, Modal, Radio, Space } from 'antd';
import { DEFAULT_THEME_COLOR } from '@portal/contracts/constants';
import { Theme, type ThemeDetail } from '@portal/contracts/workbench';
import { useEffect, useState } from 'react';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { HttpError } from '../../../lib/http/errors.ts';
import { sessionStore, useSession } from '../../../lib/session/session-store.ts';
import { normalizeHex } from '../../../lib/theme/theme.ts';
import { getTheme } from '../api/get-theme.ts';
import { removeUserTheme } from '../api/remove-user-theme.ts';
import { submitUserTheme } from '../api/submit-user-theme.ts';
import {
  THEME_PRESETS,
  colorOfChoice,
  currentChoice,
  themeOfChoice,
  type ThemeChoice,
  type ThemePresetId,
} from '../lib/user-theme.ts';
import '../workbench.css';
import { useToast } from '../../../components/toast.tsx';
import { addWorkbenchAdminTexts } from '../admin-i18n.ts';

// A few of its texts are the configuration pages' (outside the Ant Design layout, which registers them).
addWorkbenchAdminTexts();

type Props = {
  open: boolean;
  onClose: () => void;
  /** The server calls by default; tests pass their own. */
  api?: { load: () => Promise<ThemeDetail>; submit: typeof submitUserTheme; remove: () => Promise<ThemeDetail> };
};

const DEFAULT_API = { load: getTheme, submit: submitUserTheme, remove: removeUserTheme };

function Swatch({ color }: { color: string | null }) {
  return <span className="wb-swatch" aria-hidden="true" style={{ background: color ?? 'transparent' }} />;
}

/**
 * The user's own theme (7.4 userThemeSetUp/submit), from the shell's user menu: follow the school's theme
 * (the default), pick a preset, or a colour of one's own. Saving applies it across the shell at once
 * (session store) and the server keeps it for the next load.
 */
export function UserThemeDialog({ open, onClose, api = DEFAULT_API }: Props) {
  const { t } = useTranslation();
  const message = useToast();
  const stored = useSession((s) => s.theme);
  const [detail, setDetail] = useState<ThemeDetail | null>(null);
  const [choice, setChoice] = useState<ThemeChoice>({ kind: 'tenant' });
  const [custom, setCustom] = useState(DEFAULT_THEME_COLOR);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    // Start from what the session shows, then from what the server answers now.
    const start = (d: Pick<ThemeDetail, 'personal' | 'themeId' | 'themeColor'> | null) => {
      const c = currentChoice(d);
      setChoice(c);
      if (c.kind === 'custom') setCustom(c.color);
    };
    start(
      stored
        ? { personal: !!stored.personal, themeId: stored.themeId ?? '', themeColor: stored.themeColor ?? '' }
        : null,
    );
    api.load().then(
      (d) => {
        if (!live) return;
        setDetail(d);
        start(d);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const tenantColor = detail?.tenant.themeColor ?? (stored?.personal ? stored.tenant?.themeColor : stored?.themeColor);
  const picked: ThemeChoice = choice.kind === 'custom' ? { kind: 'custom', color: custom } : choice;
  const pickedColor = colorOfChoice(picked, tenantColor);
  const badCustom = picked.kind === 'custom' && !pickedColor;
  const value = choice.kind === 'preset' ? choice.id : choice.kind;

  const save = async () => {
    setSaving(true);
    try {
      if (picked.kind === 'tenant') {
        sessionStore.getState().setTheme(await api.remove());
      } else {
        const theme = themeOfChoice(picked);
        if (!theme) return;
        const saved = await api.submit(theme);
        const tenant = detail?.tenant ?? (stored?.personal ? stored.tenant : stored) ?? undefined;
        sessionStore.getState().setTheme({ ...saved, personal: true, tenant });
      }
      void message.success(t('workbench.config.saved'));
      onClose();
    } catch (err) {
      void message.error(err instanceof HttpError ? serverText(err.msg) : String((err as Error)?.message ?? err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('workbench.theme.title')}
      onCancel={onClose}
      destroyOnHidden
      className="wb-user-theme"
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('workbench.config.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={badCustom} onClick={() => void save()}>
          {t('workbench.config.save')}
        </Button>,
      ]}
    >
      <p className="wb-theme-hint">{t('workbench.theme.hint')}</p>
      <Radio.Group
        value={value}
        aria-label={t('workbench.theme.title')}
        onChange={(e) => {
          const v = e.target.value as string;
          setChoice(
            v === 'tenant'
              ? { kind: 'tenant' }
              : v === 'custom'
                ? { kind: 'custom', color: custom }
                : { kind: 'preset', id: v as ThemePresetId },
          );
        }}
      >
        <Space orientation="vertical">
          <Radio value="tenant">
            <Swatch color={colorOfChoice({ kind: 'tenant' }, tenantColor)} /> {t('workbench.theme.followTenant')}
          </Radio>
          {THEME_PRESETS.map((p) => (
            <Radio key={p.themeId} value={p.themeId}>
              <Swatch color={p.themeColor} /> {t(`workbench.theme.presets.${p.themeId}`)}
            </Radio>
          ))}
          <Radio value="custom">
            <Swatch color={normalizeHex(custom)} /> {t('workbench.theme.custom')}
          </Radio>
        </Space>
      </Radio.Group>
      {choice.kind === 'custom' && (
        <Space className="wb-theme-custom">
          <ColorPicker
            value={custom}
            disabledAlpha
            format="hex"
            onChange={(c) => setCustom(c.toHexString())}
            aria-label={t('workbench.theme.custom')}
          />
          <Input
            aria-label={t('workbench.theme.customColor')}
            data-testid="user-theme-color"
            value={custom}
            maxLength={maxLengthOf(Theme.shape.themeColor)}
            style={{ width: 110 }}
            status={badCustom ? 'error' : undefined}
            onChange={(e) => setCustom(e.target.value)}
          />
          {badCustom && (
            <span role="alert" className="wb-theme-error">
              {t('workbench.theme.badColor')}
            </span>
          )}
        </Space>
      )}
    </Modal>
  );
}
