import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import type { ReactNode } from 'react';
import { uploadImage } from '../lib/http/upload-image.ts';

/**
 * A button that uploads one image through common/upload and hands back its address: the image fields of the
 * configuration pages (pre-login page, service specials, common tools) used the same upload written out three times.
 */
export function ImageUploadButton({
  onUploaded,
  children,
  id,
  ariaLabel,
}: {
  onUploaded: (url: string) => void;
  children: ReactNode;
  id?: string | undefined;
  ariaLabel?: string | undefined;
}) {
  return (
    <Upload
      accept="image/png,image/jpeg,image/gif,image/webp"
      showUploadList={false}
      customRequest={({ file, onSuccess, onError }) =>
        void uploadImage(file as File).then(
          (r) => {
            onUploaded(r.url);
            onSuccess?.(r);
          },
          (e: Error) => onError?.(e),
        )
      }
    >
      <Button id={id} icon={<UploadOutlined aria-hidden />} aria-label={ariaLabel}>
        {children}
      </Button>
    </Upload>
  );
}
