import { MESSAGES, MESSAGES_EN_US } from '@portal/contracts/errors';
import { describe, expect, it } from 'vitest';
import { loginMessage } from './login-message.ts';

describe('login messages in zh-CN and en-US', () => {
  it('keeps the server text on a Chinese page and translates the known login messages on an English one', () => {
    expect(loginMessage(MESSAGES.accountLocked, 'zh-CN')).toBe('登录失败次数过多，请15分钟后再试');
    expect(loginMessage(MESSAGES.accountLocked, 'en-US')).toBe(MESSAGES_EN_US.accountLocked);
    expect(loginMessage(MESSAGES.loginBusy, 'en-US')).toBe(MESSAGES_EN_US.loginBusy);
    expect(loginMessage(MESSAGES.badCredentials, 'en-US')).toBe(MESSAGES_EN_US.badCredentials);
    expect(loginMessage('其他错误', 'en-US')).toBe('其他错误');
  });
});
