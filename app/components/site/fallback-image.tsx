import type { ComponentProps } from "react";

/**
 * The one picture shown for a product, category, post or gallery item without its own (or whose own fails): a
 * neutral frame in the brand's greens, never a photo (issue 29: a stock photo of bulbs stood in for cumin).
 */
export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

type Props = Omit<ComponentProps<"img">, "src" | "srcSet"> & { src: string | null; srcSet?: string; fallback?: string };

/**
 * An image that shows the placeholder when it has none of its own, and, through the public pages' script
 * (app/island/images.ts, which watches every `data-fallback` image), when its own fails to load.
 */
export function FallbackImage({ src, srcSet, fallback = PLACEHOLDER_IMAGE, ...props }: Props) {
  return <img {...props} src={src || fallback} srcSet={src ? srcSet : undefined} data-fallback={fallback} />;
}
