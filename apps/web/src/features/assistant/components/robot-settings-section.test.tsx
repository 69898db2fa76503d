import { STATUS_CONFLICT } from '@portal/contracts/errors';
import { ROBOT_TEXTS } from '@portal/contracts/assistant';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';

const http = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({ platformHttp: http }));
const uploadImage = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/http/upload-image.ts', () => ({ uploadImage }));
const { RobotSettingsSection } = await import('./robot-settings-section.tsx');

const INFO = {
  robotName: '小助手',
  robotAvatar: '',
  greeting: '您好，请问有什么可以帮您？',
  enabled: true,
  robotNameEn: 'Assistant',
  greetingEn: '',
  version: 'v1',
};

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <App>
          <RobotSettingsSection />
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  http.get.mockReset().mockResolvedValue(INFO);
  http.post
    .mockReset()
    .mockImplementation(async (_path: string, body: object) => ({ ...INFO, ...body, version: 'v2' }));
});

describe('助手设置', () => {
  it('saves the name and greeting with their English and the version it read; this session’s robot follows', async () => {
    show();
    const greetingEn = await screen.findByLabelText('英文问候语');
    await waitFor(() => expect((screen.getByLabelText('助手名称') as HTMLInputElement).value).toBe('小助手'));
    await userEvent.type(greetingEn, 'Hello, how can I help?');
    await userEvent.click(screen.getByRole('switch', { name: '启用智能助手' }));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/questionbasicconfig/submit',
        {
          robotName: '小助手',
          robotNameEn: 'Assistant',
          greeting: '您好，请问有什么可以帮您？',
          greetingEn: 'Hello, how can I help?',
          enabled: false,
          robotAvatar: '',
          version: 'v1',
        },
        { quietMessages: [WORKBENCH_MESSAGES.changedMeanwhile] },
      ),
    );
    await waitFor(() => expect(sessionStore.getState().robotConfig).toMatchObject({ enabled: false, version: 'v2' }));
  });

  it('uploads an avatar, shows it as the robot will, saves it; removed, the robot’s icon is back and saved as none', async () => {
    uploadImage.mockResolvedValue({ url: '/files/000000/robot.png', fileName: 'robot.png', size: 10 });
    const { container } = show();
    await waitFor(() => expect((screen.getByLabelText('助手名称') as HTMLInputElement).value).toBe('小助手'));
    expect(container.querySelector('img.robot-avatar')).toBeNull();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toContain('image/png');
    await userEvent.upload(input, new File(['png'], 'robot.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(container.querySelector('img.robot-avatar')?.getAttribute('src')).toBe('/files/000000/robot.png'),
    );
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(http.post).toHaveBeenLastCalledWith(
        '/questionbasicconfig/submit',
        expect.objectContaining({ robotAvatar: '/files/000000/robot.png' }),
        expect.anything(),
      ),
    );
    await waitFor(() => expect(sessionStore.getState().robotConfig?.robotAvatar).toBe('/files/000000/robot.png'));
    await userEvent.click(screen.getByRole('button', { name: '移除头像' }));
    expect(container.querySelector('img.robot-avatar')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(http.post).toHaveBeenLastCalledWith(
        '/questionbasicconfig/submit',
        expect.objectContaining({ robotAvatar: '' }),
        expect.anything(),
      ),
    );
  });

  it('an empty name is refused in the form and nothing is sent', async () => {
    show();
    const name = await screen.findByLabelText('助手名称');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('小助手'));
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(ROBOT_TEXTS.robotNameRequired)).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('refused because another administrator saved meanwhile: says so, and 重新加载 shows what they saved', async () => {
    http.post.mockRejectedValueOnce(new HttpError(STATUS_CONFLICT, WORKBENCH_MESSAGES.changedMeanwhile, '', 409));
    show();
    const name = await screen.findByLabelText('助手名称');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('小助手'));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(WORKBENCH_MESSAGES.changedMeanwhile)).toBeTruthy();
    http.get.mockResolvedValueOnce({ ...INFO, robotName: '小办', version: 'v3' });
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('小办'));
    expect(screen.queryByText(WORKBENCH_MESSAGES.changedMeanwhile)).toBeNull();
  });
});
