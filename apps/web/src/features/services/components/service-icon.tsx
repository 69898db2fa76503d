import { FallbackImage } from './fallback-image.tsx';

/** The default service icon (section 8: "Broken images fall back to default images"). */
export const DEFAULT_SERVICE_ICON =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="10" fill="#e6f4ff"/><path d="M14 16h20v4H14zm0 8h20v4H14zm0 8h13v4H14z" fill="#0958d9"/></svg>',
  );

/**
 * A service or tool icon; an empty or failing source shows the default image. Loaded as it comes near the screen
 * (sized, so nothing moves): the icons of a list below a phone's first screen do not share its slow network with
 * what that screen needs (issue 10).
 */
export function ServiceIcon({ src, size = 40 }: { src?: string | undefined; size?: number }) {
  return (
    <FallbackImage
      src={src}
      fallback={DEFAULT_SERVICE_ICON}
      width={size}
      height={size}
      className="svc-icon"
      loading="lazy"
    />
  );
}
