import { useEffect, useRef, useState, type ComponentProps } from "react";

export const STOCK_IMAGE = "/images/produce-fallback.jpg";
export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/** An image that swaps to a stock picture when its own fails to load, including before hydration. */
type Props = Omit<ComponentProps<"img">, "src" | "srcSet"> & { src: string | null; srcSet?: string; fallback?: string };

export function FallbackImage({ src, srcSet, fallback = STOCK_IMAGE, ...props }: Props) {
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
