import type { CardService, ServiceSpecialItem } from '@portal/contracts/workbench';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const service = (n: number) => ({ serviceId: `s${n}`, serviceName: `服务${n}` }) as CardService;
const CATALOGUE = [service(1), service(2), service(3), { ...service(4), serviceName: '成绩查询' }];
const api = vi.hoisted(() => ({
  submitServiceSpecial: vi.fn(async (s: object) => s),
  searched: [] as string[],
}));
vi.mock('../api/submit-service-special.ts', () => ({ submitServiceSpecial: api.submitServiceSpecial }));
vi.mock('../../../lib/http/upload-image.ts', () => ({ uploadImage: vi.fn() }));
// The picker searches on the server (common/getServiceInfo); here, by name in a fixed catalogue.
vi.mock('../api/get-service-info.ts', () => ({
  useServiceInfo: (keyword: string, enabled: boolean) => {
    if (enabled) api.searched.push(keyword);
    return { data: enabled ? CATALOGUE.filter((s) => s.serviceName.includes(keyword)) : undefined, isFetching: false };
  },
}));
const { ServiceSpecialDialog } = await import('./service-special-dialog.tsx');

const existing: ServiceSpecialItem = {
  id: 'sp1',
  title: '迎新专题',
  description: '新生报到',
  img: '',
  sort: 2,
  enabled: true,
  serviceIds: ['s1', 's2'],
  services: [service(1), service(2)].map(({ serviceId, serviceName }) => ({ serviceId, serviceName })),
  updatedAt: '',
};

function setup(special: ServiceSpecialItem | 'new') {
  const onClose = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <App>
        <ServiceSpecialDialog special={special} onClose={onClose} />
      </App>
    </I18nProvider>,
  );
  return onClose;
}

const order = () =>
  [...screen.getByLabelText('已选服务（展示顺序）').querySelectorAll('li')].map((li) => li.textContent);
/** The dialog's save button (antd spaces two Chinese characters: '保 存'). */
const saveButton = () => screen.getByText(/^保\s*存$/).closest('button')!;

describe('service special dialog (indexservicespecialconfig/submit)', () => {
  beforeEach(() => {
    api.submitServiceSpecial.mockClear();
    api.searched.length = 0;
  });

  it('reorders the chosen services from the keyboard, adds a searched one, and saves them in order with the special', async () => {
    const onClose = setup(existing);
    expect((screen.getByLabelText('专题名称') as HTMLInputElement).value).toBe('迎新专题');
    expect(order()).toEqual(['1. 服务1', '2. 服务2']);
    expect((screen.getByLabelText('上移服务1') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByLabelText('下移服务1'));
    expect(order()).toEqual(['1. 服务2', '2. 服务1']);

    const picker = screen.getByLabelText('专题服务');
    await userEvent.click(picker);
    await userEvent.type(picker, '成绩');
    await waitFor(() => expect(api.searched).toContain('成绩'));
    await userEvent.click(await screen.findByTitle('成绩查询'));
    expect(order()).toEqual(['1. 服务2', '2. 服务1', '3. 成绩查询']);

    await userEvent.click(screen.getByLabelText('启用'));
    await userEvent.type(screen.getByLabelText('英文名称'), ' Welcome ');
    await userEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(api.submitServiceSpecial).toHaveBeenCalledWith({
      id: 'sp1',
      title: '迎新专题',
      description: '新生报到',
      titleEn: 'Welcome',
      descriptionEn: '',
      img: '',
      sort: 2,
      enabled: false,
      serviceIds: ['s2', 's1', 's4'],
    });
  });

  it('asks for a title and at least one service before calling the server', async () => {
    const onClose = setup('new');
    await userEvent.click(saveButton());
    expect(await screen.findByText('请输入专题名称')).toBeTruthy();
    expect(await screen.findByText('请至少选择一个服务')).toBeTruthy();
    expect(api.submitServiceSpecial).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('专题名称'), ' 开学专题 ');
    await userEvent.click(screen.getByLabelText('专题服务'));
    await userEvent.click(await screen.findByTitle('服务3'));
    await userEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    // A new special without a sort goes after the others (the server decides).
    expect(api.submitServiceSpecial).toHaveBeenCalledWith({
      title: '开学专题',
      description: '',
      titleEn: '',
      descriptionEn: '',
      img: '',
      enabled: true,
      serviceIds: ['s3'],
    });
  });
});
