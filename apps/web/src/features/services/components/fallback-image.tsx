import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';

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
  const image = useRef<HTMLImageElement>(null);
  // An image the server painted (ADR 0061) may have failed before the page's script attached its handler.
  useEffect(() => {
    const img = image.current;
    if (src && img?.complete && img.naturalWidth === 0 && img.getAttribute('src') === src) setFailedSrc(src);
  }, [src]);
  return (
    <img
      ref={image}
      {...rest}
      alt={alt}
      src={url}
      data-fallback={url === fallback ? '1' : undefined}
      onError={() => src && url === src && setFailedSrc(src)}
    />
  );
}
