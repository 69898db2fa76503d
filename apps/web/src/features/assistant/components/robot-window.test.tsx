import { ROBOT_TEXTS, type RobotGreet, type RobotSearchResult } from '@portal/contracts/assistant';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider, serverTextsReady } from '../../../lib/i18n/i18n.ts';

const greet: RobotGreet = {
  robotName: '小助手',
  robotNameEn: 'Campus helper',
  robotAvatar: '',
  greeting: '您好，请问有什么可以帮您？',
  greetingEn: 'Hello, how can I help you?',
  recommend: [],
  scenes: [],
};
const noAnswer = {
  recordId: 'r1',
  answered: false,
  answer: null,
  reply: ROBOT_TEXTS.noAnswer,
  related: [],
} as RobotSearchResult;
vi.mock('../../../lib/http/clients.ts', () => ({
  platformHttp: {
    get: async (path: string) => (path === '/aiquestion/greet' ? greet : []),
    post: async () => noAnswer,
  },
}));
const { RobotWindow } = await import('./robot-window.tsx');

afterEach(() => act(() => i18n.changeLanguage('zh-CN')));

const renderWindow = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <App>
          <RobotWindow open onClose={() => undefined} />
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );

describe('the robot window in English (ADR 0074)', () => {
  it('names itself and greets in the English configured beside the Chinese, and says its no-answer reply in English', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    await serverTextsReady();
    renderWindow();
    expect(await screen.findByText('Hello, how can I help you?')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Campus helper' })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox'), 'where{Enter}');
    expect(await screen.findByText(/^Sorry, no answer was found yet/)).toBeTruthy();
    expect(screen.queryByText(ROBOT_TEXTS.noAnswer)).toBeNull();
  });

  it('keeps the Chinese in Chinese', async () => {
    renderWindow();
    expect(await screen.findByText('您好，请问有什么可以帮您？')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: '小助手' })).toBeTruthy();
  });
});

describe("the robot's avatar", () => {
  afterEach(() => {
    greet.robotAvatar = '';
  });
  it('stands beside its name in the title, the dialog still named by the name; an image that does not load gives way to the icon', async () => {
    greet.robotAvatar = '/files/000000/robot.png';
    const { baseElement } = renderWindow();
    await screen.findByText('您好，请问有什么可以帮您？');
    expect(screen.getByRole('dialog', { name: '小助手' })).toBeTruthy();
    const img = baseElement.querySelector<HTMLImageElement>('.robot-title img.robot-avatar')!;
    expect(img.getAttribute('src')).toBe('/files/000000/robot.png');
    expect(img.alt).toBe('');
    act(() => void img.dispatchEvent(new Event('error')));
    expect(baseElement.querySelector('.robot-title img')).toBeNull();
    expect(baseElement.querySelector('.robot-title .anticon-robot')).toBeTruthy();
  });
});

describe("the robot assistant's window", () => {
  it.each([
    ['zh-CN', '更多'],
    ['en-US', 'More'],
  ] as const)('%s: the button listing the tabs that do not fit is named %s', async (lang, name) => {
    await act(() => i18n.changeLanguage(lang));
    renderWindow();
    const dialog = await screen.findByRole('dialog');
    // Ant Design hides it (visibility: hidden) while every tab fits, as jsdom's zero widths make them; shown, as when
    // a phone's width leaves a tab out, it is a button with a name.
    const more = dialog.querySelector<HTMLElement>('.ant-tabs-nav-more');
    expect(more).not.toBeNull();
    more!.style.visibility = 'visible';
    expect(screen.getByRole('button', { name })).toBe(more);
  });
});
