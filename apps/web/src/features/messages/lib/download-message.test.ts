import { MESSAGES, STATUS_FAILURE } from '@portal/contracts/errors';
import { STATUS_MESSAGE_DELETED } from '@portal/contracts/messages';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { downloadMessageAttachment } from './download-message.ts';

describe('message-center attachment download (messageCenterHistoryMsg/downloadFile)', () => {
  const deps = () => ({ save: vi.fn(), openDeleted: vi.fn(), showError: vi.fn() });

  it('saves the file under the name the server gave it, else the name the list shows', async () => {
    const d = deps();
    const blob = new Blob(['x']);
    await expect(
      downloadMessageAttachment('n1', '附件.pdf', { ...d, download: async () => ({ blob, fileName: '放假安排.pdf' }) }),
    ).resolves.toBe('downloaded');
    expect(d.save).toHaveBeenCalledWith(blob, '放假安排.pdf');
    await downloadMessageAttachment('n1', '附件.pdf', { ...d, download: async () => ({ blob, fileName: null }) });
    expect(d.save).toHaveBeenLastCalledWith(blob, '附件.pdf');
    expect(d.openDeleted).not.toHaveBeenCalled();
  });

  it("opens the deleted page when the message was deleted ('消息已被删除')", async () => {
    const d = deps();
    const download = async () => {
      throw new HttpError(STATUS_MESSAGE_DELETED, MESSAGES.messageDeleted);
    };
    await expect(downloadMessageAttachment('n1', 'a.pdf', { ...d, download })).resolves.toBe('deleted');
    expect(d.openDeleted).toHaveBeenCalledTimes(1);
    expect(d.save).not.toHaveBeenCalled();
    expect(d.showError).not.toHaveBeenCalled();
  });

  it('shows the server message of any other refusal', async () => {
    const d = deps();
    const download = async () => {
      throw new HttpError(STATUS_FAILURE, '该消息没有附件');
    };
    await expect(downloadMessageAttachment('n1', 'a.pdf', { ...d, download })).resolves.toBe('failed');
    expect(d.showError).toHaveBeenCalledWith('该消息没有附件');
    expect(d.openDeleted).not.toHaveBeenCalled();
  });
});
