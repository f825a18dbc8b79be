export type HeroVideo =
  | { kind: "youtube"; id: string; embedUrl: string }
  | { kind: "vimeo"; id: string; embedUrl: string }
  | { kind: "mp4"; src: string };

/** Recognises the hero video links the spec allows (YouTube, Vimeo, a direct .mp4); anything else is null. */
export function parseHeroVideo(value: string | null | undefined): HeroVideo | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  let youtubeId: string | null = null;
  if (host === "youtu.be") youtubeId = url.pathname.slice(1);
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    youtubeId = url.searchParams.get("v") ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1] ?? null;
  }
  if (youtubeId && /^[A-Za-z0-9_-]{6,20}$/.test(youtubeId)) {
    const params = `autoplay=1&mute=1&loop=1&playlist=${youtubeId}&controls=0&playsinline=1&rel=0`;
    return {
      kind: "youtube",
      id: youtubeId,
      embedUrl: `https://www.youtube-nocookie.com/embed/${youtubeId}?${params}`,
    };
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const id = url.pathname.match(/(?:^|\/)(\d{5,12})(?:$|\/)/)?.[1];
    if (id)
      return {
        kind: "vimeo",
        id,
        embedUrl: `https://player.vimeo.com/video/${id}?background=1&autoplay=1&loop=1&muted=1`,
      };
  }
  if (/\.mp4$/i.test(url.pathname)) return { kind: "mp4", src: url.href };
  return null;
}
