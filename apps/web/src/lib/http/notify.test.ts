import { MESSAGES } from '@portal/contracts/errors';
import { MESSAGES_EN } from '@portal/contracts/server-texts-en';
import { afterEach, describe, expect, it } from 'vitest';
import { serverTextsReady, setLanguage } from '../i18n/i18n.ts';
import { notifyError, resetNotifyState, setNotifier } from './notify.ts';

function recorder() {
  const shown: { kind: string; text: string }[] = [];
  setNotifier({
    error: (text) => shown.push({ kind: 'error', text }),
    warning: (text) => shown.push({ kind: 'warning', text }),
  });
  return shown;
}

describe("a call's error toast", () => {
  afterEach(async () => {
    resetNotifyState();
    await setLanguage('zh-CN');
  });

  it("shows the server's message as section 8 writes it in the Chinese interface", () => {
    const shown = recorder();
    notifyError(MESSAGES.forbidden);
    expect(shown).toEqual([{ kind: 'error', text: MESSAGES.forbidden }]);
  });

  it('says it in English in the English interface, keeping the warning and the de-duplication of section 8', async () => {
    await setLanguage('en-US');
    await serverTextsReady();
    const shown = recorder();
    notifyError(MESSAGES.forbidden);
    notifyError(MESSAGES.timeout, 1_000);
    notifyError(MESSAGES.network, 2_000);
    notifyError(MESSAGES.network, 3_000);
    expect(shown).toEqual([
      { kind: 'error', text: MESSAGES_EN.forbidden },
      { kind: 'warning', text: MESSAGES_EN.timeout },
      { kind: 'error', text: MESSAGES_EN.network },
    ]);
  });

  it('shows one toast for the same message from several calls at once, and again after the window', () => {
    // A disabled tenant's landing page: its parallel calls each answered 该租户已停用，请联系管理员, three toasts stacked.
    const shown = recorder();
    const msg = '该租户已停用，请联系管理员';
    notifyError(msg, 10_000);
    notifyError(msg, 10_050);
    notifyError(msg, 10_100);
    notifyError(MESSAGES.forbidden, 10_100);
    notifyError(msg, 14_000);
    expect(shown.map((s) => s.text)).toEqual([msg, MESSAGES.forbidden, msg]);
  });
});
