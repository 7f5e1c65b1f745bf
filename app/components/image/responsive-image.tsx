import type { CSSProperties } from "react";
import { srcSetOf } from "#server/storage/image-variants";

export type ResponsiveImageProps = {
  src: string;
  alt: string;
  /** The box the image fills on the page, in CSS pixels: reserves its space before it loads. */
  width: number;
  height: number;
  /**
   * How wide the image is drawn, as the `sizes` attribute (e.g.
   * `(min-width: 1024px) 760px, 100vw`); defaults to `${width}px`.
   */
  sizes?: string;
  /**
   * The page's main image (its LCP candidate, above the fold): loaded at once
   * with high priority. Every other image loads lazily.
   */
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
};

/**
 * Every image of the site. Images written by the upload code (and the demo
 * content) come with smaller WebP copies, offered through `srcset` so that
 * the browser fetches the smallest that is sharp enough; any other address
 * (YouTube stills, images from elsewhere) is drawn as it is.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className,
  style,
}: ResponsiveImageProps) {
  const srcSet = srcSetOf(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? `${width}px`) : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
      className={className}
      style={style}
    />
  );
}
