import type { ServiceItem, ServicePage } from '@portal/contracts/services';
import { COMMON_UPLOAD_MAX_BYTES } from '@portal/contracts/workbench';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { renderWithApp } from '../test-support.tsx';

const service = (id: string, name: string, icon = ''): ServiceItem => ({
  serviceId: id,
  serviceName: name,
  serviceIcon: icon,
  shelfLabelName: '',
  labelName: '',
  serviceDeptName: '教务处',
  serviceSceneName: '',
  visitCount: 0,
  processType: 'ONLINE',
  hasGuide: false,
  accessWay: '1',
  openWay: '1001',
  serviceUrl: '',
  serviceType: 'APPLICATION',
  serviceTypeName: '',
  deptId: 'd1',
  sceneId: '',
  typeId: '',
  isPublic: true,
  launchedAt: '',
  collected: false,
  score: 0,
  rateCount: 0,
});
const pageOf = (records: ServiceItem[]): ServicePage => ({
  records,
  total: records.length,
  size: 10,
  current: 1,
  pages: 1,
});

const icons: Record<string, string> = { s1: '' };
const api = vi.hoisted(() => ({
  getServicePage: vi.fn(),
  uploadServiceIcon: vi.fn(),
}));
vi.mock('../api/get-service-page.ts', async (original) => {
  const real = await original<typeof import('../api/get-service-page.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    getServicePage: api.getServicePage,
    useServiceIconAdmin: (keyword: string, current: number, size: number) =>
      useQuery({
        ...real.serviceIconAdminQueryOptions(keyword, current, size),
        queryFn: () => api.getServicePage({ current, size, keyword: keyword || undefined }),
      }),
  };
});
vi.mock('../api/upload-service-icon.ts', () => ({ uploadServiceIcon: api.uploadServiceIcon }));
const { ServiceIconsPanel, iconFileProblem } = await import('./service-icons-panel.tsx');

const png = (bytes = 64, name = 'icon.png', type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });
const fileInput = () => document.querySelector<HTMLInputElement>('#service-icons input[type=file]')!;

beforeEach(() => {
  vi.clearAllMocks();
  icons.s1 = '';
  api.getServicePage.mockImplementation(async (p: { keyword?: string }) =>
    pageOf(
      [service('s1', '成绩查询', icons.s1), service('s2', '宿舍报修')].filter(
        (s) => !p.keyword || s.serviceName.includes(p.keyword),
      ),
    ),
  );
  api.uploadServiceIcon.mockImplementation(async (id: string) => {
    icons[id] = '/api/online-service-platform/nobody/common/image/000000/new.png';
    return { url: icons[id], fileName: 'new.png', size: 64, serviceId: id };
  });
});

describe('service icons panel', () => {
  it('finds a service by name, shows its current icon with the default image, and shows the new icon after an upload', async () => {
    const user = userEvent.setup();
    renderWithApp(<ServiceIconsPanel />);
    expect(screen.getByRole('heading', { level: 2, name: '服务图标' })).toBeTruthy();
    await screen.findByText('宿舍报修');
    await user.type(screen.getByRole('searchbox', { name: '查找要更换图标的服务' }), '成绩{Enter}');
    await waitFor(() => expect(screen.queryByText('宿舍报修')).toBeNull());
    expect(api.getServicePage).toHaveBeenLastCalledWith({ current: 1, size: 10, keyword: '成绩' });
    const row = screen.getByText('成绩查询').closest('tr')!;
    expect(row.querySelector('img')!.getAttribute('data-fallback')).toBe('1');

    expect(within(row).getByRole('button', { name: '为“成绩查询”上传图标' })).toBeTruthy();
    await user.upload(fileInput(), png());
    await waitFor(() => expect(api.uploadServiceIcon).toHaveBeenCalledWith('s1', expect.any(File)));
    expect(await screen.findByText('“成绩查询”的图标已更新')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText('成绩查询').closest('tr')!.querySelector('img')!.getAttribute('src')).toBe(icons.s1),
    );
  });

  it('refuses other file types and files over 2 MB before sending them', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<ServiceIconsPanel />);
    await screen.findByText('成绩查询');
    await user.upload(fileInput(), png(64, 'logo.svg', 'image/svg+xml'));
    expect(await screen.findByText('图标只能是 PNG、JPG、GIF 或 WEBP 格式的图片')).toBeTruthy();
    await user.upload(fileInput(), png(COMMON_UPLOAD_MAX_BYTES + 1));
    expect(await screen.findByText('图标大小不能超过 2MB')).toBeTruthy();
    expect(api.uploadServiceIcon).not.toHaveBeenCalled();
    expect(iconFileProblem({ type: 'image/webp', size: COMMON_UPLOAD_MAX_BYTES })).toBeNull();
    expect(iconFileProblem({ type: 'image/jpeg', size: 10 })).toBeNull();
  });

  it("shows the server's message when it refuses the upload", async () => {
    api.uploadServiceIcon.mockRejectedValueOnce(new HttpError(403, '没有权限执行此操作'));
    const user = userEvent.setup();
    renderWithApp(<ServiceIconsPanel />);
    await screen.findByText('成绩查询');
    await user.upload(fileInput(), png());
    expect(await screen.findByText('没有权限执行此操作')).toBeTruthy();
  });
});
