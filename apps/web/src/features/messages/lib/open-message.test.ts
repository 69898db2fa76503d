import { STATUS_MESSAGE_DELETED } from '@portal/contracts/messages';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { openMessageDetail } from './open-message.ts';

describe('message detail (4.2)', () => {
  const deps = () => ({ markRead: vi.fn(async () => null), openUrl: vi.fn(), openDeleted: vi.fn() });

  it('marks the message read and opens its url on status 1000 with a url', async () => {
    const d = deps();
    const detail = vi.fn(async () => ({
      id: 'n1',
      title: 't',
      url: '/generalDetailsTow?id=n1',
      mpName: '教务处',
      timeSend: '',
      read: false,
    }));
    await expect(openMessageDetail('n1', { ...d, detail })).resolves.toBe('opened');
    expect(d.markRead).toHaveBeenCalledWith('n1');
    expect(d.openUrl).toHaveBeenCalledWith('/generalDetailsTow?id=n1');
    expect(d.markRead.mock.invocationCallOrder[0]!).toBeLessThan(d.openUrl.mock.invocationCallOrder[0]!);
    expect(d.openDeleted).not.toHaveBeenCalled();
  });

  it("opens the deleted page when the server says '消息已被删除'", async () => {
    const d = deps();
    const detail = vi.fn(async () => {
      throw new HttpError(STATUS_MESSAGE_DELETED, '消息已被删除');
    });
    await expect(openMessageDetail('n1', { ...d, detail })).resolves.toBe('deleted');
    expect(d.openDeleted).toHaveBeenCalled();
    expect(d.markRead).not.toHaveBeenCalled();
    expect(d.openUrl).not.toHaveBeenCalled();
  });

  it('opens nothing on another failure', async () => {
    const d = deps();
    const detail = vi.fn(async () => {
      throw new HttpError(8008, '消息不存在');
    });
    await expect(openMessageDetail('n1', { ...d, detail })).resolves.toBe('failed');
    expect(d.openUrl).not.toHaveBeenCalled();
    expect(d.openDeleted).not.toHaveBeenCalled();
  });
});
