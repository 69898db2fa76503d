import { useState, type ImgHTMLAttributes } from 'react';

export type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src?: string | null | undefined;
  fallback: string;
};

/**
 * An image that shows `fallback` when its source is empty or fails to load (section 8). A new source gets a
 * fresh try; a failing fallback is not retried.
 */
export function FallbackImage({ src, fallback, alt = '', ...rest }: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const url = !src || failedSrc === src ? fallback : src;
  return (
    <img
      {...rest}
      alt={alt}
      src={url}
      data-fallback={url === fallback ? '1' : undefined}
      onError={() => src && url === src && setFailedSrc(src)}
    />
  );
}
