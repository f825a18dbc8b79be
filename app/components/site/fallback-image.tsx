import { useEffect, useRef, useState, type ComponentProps } from "react";

/**
 * The one picture shown for a product, category, post or gallery item without its own (or whose own fails): a
 * neutral frame in the brand's greens, never a photo (issue 29: a stock photo of bulbs stood in for cumin).
 */
export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/** An image that swaps to the placeholder when its own is missing or fails to load, including before hydration. */
type Props = Omit<ComponentProps<"img">, "src" | "srcSet"> & { src: string | null; srcSet?: string; fallback?: string };

export function FallbackImage({ src, srcSet, fallback = PLACEHOLDER_IMAGE, ...props }: Props) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    // An error that happened before React attached its handler is only visible in the DOM: syncing from it is
    // what effects are for.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (img && img.complete && img.naturalWidth === 0 && src) setFailed(true);
  }, [src]);
  const broken = failed || !src;
  return (
    <img
      ref={ref}
      {...props}
      src={broken ? fallback : src}
      srcSet={broken ? undefined : srcSet}
      onError={() => setFailed(true)}
    />
  );
}
