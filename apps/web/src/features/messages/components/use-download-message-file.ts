import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { downloadMessageFile } from '../api/download-message-file.ts';
import { saveBlob } from '../../../lib/download.ts';
import { downloadMessageAttachment } from '../lib/download-message.ts';
import { useToast } from '../../../components/toast.tsx';

/** Downloads the attachment of a message-center message; a deleted message opens /deleteNoPag. */
export function useDownloadMessageFile() {
  const navigate = useNavigate();
  const message = useToast();
  return useCallback(
    (id: string, fallbackName: string) =>
      downloadMessageAttachment(id, fallbackName, {
        download: downloadMessageFile,
        save: saveBlob,
        openDeleted: () => navigate('/deleteNoPag'),
        showError: (msg) => void message.error(msg),
      }),
    [navigate, message],
  );
}
