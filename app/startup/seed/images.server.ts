import sharp from "sharp";

/**
 * Demo pictures drawn as SVG and rasterised with sharp, so seeding needs no network. Each is a pile of one
 * kind of produce on a wooden or woven background, lit from the top left.
 */
export type ProduceKind =
  | "red-onion"
  | "pink-onion"
  | "white-onion"
  | "shallot"
  | "garlic"
  | "potato"
  | "red-potato"
  | "chilli"
  | "ginger"
  | "flakes"
  | "powder"
  | "lemon";

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PALETTE: Record<ProduceKind, { light: string; mid: string; dark: string }> = {
  "red-onion": { light: "#d7568a", mid: "#9c1f4f", dark: "#5e0f2e" },
  "pink-onion": { light: "#f2a0b4", mid: "#c75b7a", dark: "#7e2f47" },
  "white-onion": { light: "#fffdf5", mid: "#ece3c8", dark: "#b3a57f" },
  shallot: { light: "#e48a6b", mid: "#b0513a", dark: "#6b2b1c" },
  garlic: { light: "#fffaf0", mid: "#efe4d0", dark: "#b9a48a" },
  potato: { light: "#e9c98f", mid: "#c39a5b", dark: "#7d5a2c" },
  "red-potato": { light: "#d77a6c", mid: "#a54336", dark: "#5f231b" },
  chilli: { light: "#8fd16a", mid: "#3f9a2c", dark: "#1f5e16" },
  ginger: { light: "#f0d6a0", mid: "#caa062", dark: "#85622e" },
  flakes: { light: "#fbf3dc", mid: "#e8d6a8", dark: "#b89b5e" },
  powder: { light: "#fcf6e6", mid: "#eedfb8", dark: "#c4a86a" },
  lemon: { light: "#fff3a0", mid: "#f2d02c", dark: "#b08f0c" },
};

function item(kind: ProduceKind, x: number, y: number, r: number, rot: number, rand: () => number): string {
  const g = `url(#g-${kind})`;
  const t = `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${rot.toFixed(1)})`;
  const shadow = `<ellipse cx="${(r * 0.15).toFixed(1)}" cy="${(r * 0.85).toFixed(1)}" rx="${(r * 0.95).toFixed(1)}" ry="${(r * 0.3).toFixed(1)}" fill="#000" opacity="0.25"/>`;
  const p = PALETTE[kind];
  switch (kind) {
    case "red-onion":
    case "pink-onion":
    case "white-onion":
    case "shallot": {
      const lines = [-0.55, -0.25, 0.05, 0.35, 0.6]
        .map(
          (k) =>
            `<path d="M0 ${-r} Q ${(k * r * 1.6).toFixed(1)} 0 0 ${r * 0.95}" stroke="${p.dark}" stroke-opacity="0.35" stroke-width="${(r * 0.03).toFixed(1)}" fill="none"/>`,
        )
        .join("");
      return `<g transform="${t}">${shadow}<path d="M0 ${-r * 1.05} C ${r * 0.9} ${-r * 0.85} ${r * 1.05} ${r * 0.2} ${r * 0.55} ${r * 0.75} C ${r * 0.25} ${r * 1.02} ${-r * 0.25} ${r * 1.02} ${-r * 0.55} ${r * 0.75} C ${-r * 1.05} ${r * 0.2} ${-r * 0.9} ${-r * 0.85} 0 ${-r * 1.05} Z" fill="${g}"/>${lines}<path d="M0 ${-r * 1.05} q ${r * 0.08} ${-r * 0.3} ${r * 0.22} ${-r * 0.42}" stroke="${p.dark}" stroke-width="${(r * 0.08).toFixed(1)}" stroke-linecap="round" fill="none"/></g>`;
    }
    case "garlic": {
      const cloves = [-0.5, -0.17, 0.17, 0.5]
        .map(
          (k) =>
            `<path d="M${(k * r * 0.6).toFixed(1)} ${-r * 0.7} Q ${(k * r * 1.9).toFixed(1)} ${r * 0.1} ${(k * r * 0.9).toFixed(1)} ${r * 0.8}" stroke="#c9b59a" stroke-width="${(r * 0.04).toFixed(1)}" fill="none"/>`,
        )
        .join("");
      return `<g transform="${t}">${shadow}<path d="M0 ${-r * 0.95} C ${r * 1.1} ${-r * 0.7} ${r * 1.15} ${r * 0.55} ${r * 0.45} ${r * 0.85} C ${r * 0.15} ${r} ${-r * 0.15} ${r} ${-r * 0.45} ${r * 0.85} C ${-r * 1.15} ${r * 0.55} ${-r * 1.1} ${-r * 0.7} 0 ${-r * 0.95} Z" fill="${g}"/>${cloves}<path d="M${-r * 0.35} ${r * 0.3} Q 0 ${r * 0.6} ${r * 0.3} ${r * 0.2}" stroke="#b07aa8" stroke-opacity="0.5" stroke-width="${(r * 0.05).toFixed(1)}" fill="none"/><path d="M0 ${-r * 0.95} l ${r * 0.05} ${-r * 0.35}" stroke="#d8c7a8" stroke-width="${(r * 0.12).toFixed(1)}" stroke-linecap="round"/></g>`;
    }
    case "potato":
    case "red-potato": {
      const spots = Array.from(
        { length: 5 },
        () =>
          `<circle cx="${((rand() - 0.5) * r * 1.4).toFixed(1)}" cy="${((rand() - 0.5) * r * 0.8).toFixed(1)}" r="${(r * 0.05).toFixed(1)}" fill="${p.dark}" opacity="0.55"/>`,
      ).join("");
      return `<g transform="${t}">${shadow}<ellipse rx="${(r * 1.25).toFixed(1)}" ry="${(r * 0.85).toFixed(1)}" fill="${g}"/>${spots}</g>`;
    }
    case "lemon":
      return `<g transform="${t}">${shadow}<ellipse rx="${(r * 1.1).toFixed(1)}" ry="${(r * 0.85).toFixed(1)}" fill="${g}"/><circle cx="${r * 1.1}" cy="0" r="${r * 0.12}" fill="${p.mid}"/></g>`;
    case "chilli":
      return `<g transform="${t}"><path d="M${-r * 1.8} ${-r * 0.2} Q 0 ${r * 0.9} ${r * 1.8} ${-r * 0.1} Q 0 ${r * 0.35} ${-r * 1.8} ${-r * 0.2} Z" fill="${g}" stroke="${p.dark}" stroke-width="${(r * 0.04).toFixed(1)}"/><path d="M${-r * 1.8} ${-r * 0.2} q ${-r * 0.25} ${-r * 0.2} ${-r * 0.35} ${-r * 0.45}" stroke="#2f6b1e" stroke-width="${(r * 0.12).toFixed(1)}" stroke-linecap="round" fill="none"/></g>`;
    case "ginger":
      return `<g transform="${t}">${shadow}<ellipse rx="${r * 1.2}" ry="${r * 0.5}" fill="${g}"/><ellipse cx="${r * 0.7}" cy="${-r * 0.45}" rx="${r * 0.45}" ry="${r * 0.3}" fill="${g}"/><ellipse cx="${-r * 0.6}" cy="${-r * 0.4}" rx="${r * 0.4}" ry="${r * 0.28}" fill="${g}"/><path d="M${-r} 0 h ${r * 2}" stroke="${p.dark}" stroke-opacity="0.3" stroke-width="${r * 0.04}"/></g>`;
    case "flakes":
    case "powder": {
      const grains = Array.from({ length: kind === "flakes" ? 70 : 160 }, () => {
        const a = rand() * Math.PI * 2;
        const d = Math.sqrt(rand()) * r * 1.5;
        const s = kind === "flakes" ? r * (0.06 + rand() * 0.08) : r * 0.025;
        return `<ellipse cx="${(Math.cos(a) * d).toFixed(1)}" cy="${(Math.sin(a) * d * 0.45 - r * 0.1).toFixed(1)}" rx="${s.toFixed(1)}" ry="${(s * 0.6).toFixed(1)}" fill="${rand() > 0.5 ? p.mid : p.light}" transform="rotate(${(rand() * 180).toFixed(0)} ${(Math.cos(a) * d).toFixed(1)} ${(Math.sin(a) * d * 0.45).toFixed(1)})"/>`;
      }).join("");
      return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)})"><ellipse cy="${r * 0.55}" rx="${r * 2}" ry="${r * 0.7}" fill="#000" opacity="0.25"/><path d="M${-r * 2} 0 Q 0 ${r * 1.9} ${r * 2} 0 Z" fill="#8a5a32"/><ellipse rx="${r * 2}" ry="${r * 0.55}" fill="#6e4424"/><ellipse cy="${-r * 0.12}" rx="${r * 1.8}" ry="${r * 0.5}" fill="${g}"/>${grains}</g>`;
    }
  }
}

export function produceSvg(
  kind: ProduceKind,
  width: number,
  height: number,
  seed: number,
  background: "wood" | "jute" = "wood",
): string {
  const rand = rng(seed);
  const p = PALETTE[kind];
  const items: string[] = [];
  if (kind === "flakes" || kind === "powder") {
    items.push(item(kind, width * 0.5, height * 0.52, Math.min(width, height) * 0.2, 0, rand));
  } else {
    const r = Math.min(width, height) * (kind === "chilli" ? 0.07 : kind === "shallot" ? 0.075 : 0.1);
    const rows = Math.ceil(height / (r * 1.4)) + 1;
    const spots: Array<[number, number]> = [];
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < Math.ceil(width / (r * 1.7)) + 1; col++) {
        spots.push([
          col * r * 1.75 + (row % 2) * r * 0.85 + (rand() - 0.5) * r * 0.5,
          row * r * 1.35 + (rand() - 0.5) * r * 0.4,
        ]);
      }
    }
    for (const [x, y] of spots)
      items.push(item(kind, x, y, r * (0.85 + rand() * 0.3), (rand() - 0.5) * (kind === "chilli" ? 120 : 40), rand));
  }
  const bg =
    background === "wood"
      ? `<rect width="100%" height="100%" fill="#7a5230"/>${Array.from({ length: 9 }, (_, i) => `<rect y="${((i * height) / 9).toFixed(0)}" width="100%" height="${(height / 9 - 3).toFixed(0)}" fill="${i % 2 ? "#8a5d36" : "#80552f"}"/>`).join("")}`
      : `<rect width="100%" height="100%" fill="#b8925a"/><pattern id="jute" width="8" height="8" patternUnits="userSpaceOnUse"><path d="M0 4h8M4 0v8" stroke="#9c7742" stroke-width="2"/></pattern><rect width="100%" height="100%" fill="url(#jute)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<radialGradient id="g-${kind}" cx="35%" cy="30%" r="75%"><stop offset="0" stop-color="${p.light}"/><stop offset="0.55" stop-color="${p.mid}"/><stop offset="1" stop-color="${p.dark}"/></radialGradient>
<radialGradient id="vignette" cx="50%" cy="45%" r="75%"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>
<linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/></linearGradient>
</defs>
${bg}
${items.join("\n")}
<rect width="100%" height="100%" fill="url(#light)"/>
<rect width="100%" height="100%" fill="url(#vignette)"/>
</svg>`;
}

/** A field, pack house or port scene for hero, about and gallery pictures: produce in the foreground under a sky. */
export function sceneSvg(
  kind: ProduceKind,
  width: number,
  height: number,
  seed: number,
  scene: "field" | "warehouse" | "port",
): string {
  const rand = rng(seed);
  const sky =
    scene === "field"
      ? `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7c873"/><stop offset="1" stop-color="#fbe7b5"/></linearGradient>`
      : scene === "port"
        ? `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8d6"/><stop offset="1" stop-color="#cfe4f2"/></linearGradient>`
        : `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b3f45"/><stop offset="1" stop-color="#6b6f73"/></linearGradient>`;
  let middle = "";
  if (scene === "field") {
    middle =
      `<circle cx="${width * 0.78}" cy="${height * 0.22}" r="${height * 0.09}" fill="#fff4d6" opacity="0.9"/>` +
      Array.from(
        { length: 14 },
        (_, i) =>
          `<path d="M0 ${height * (0.45 + i * 0.04)} Q ${width / 2} ${height * (0.42 + i * 0.04)} ${width} ${height * (0.45 + i * 0.04)} V ${height} H 0 Z" fill="${i % 2 ? "#4f8a3a" : "#5d9a44"}"/>`,
      ).join("");
  } else if (scene === "port") {
    const colours = ["#c0392b", "#2c6fa3", "#e08e2b", "#2f7d4f", "#7d3c98"];
    middle =
      `<rect y="${height * 0.5}" width="100%" height="${height * 0.5}" fill="#3d4b57"/>` +
      Array.from({ length: 24 }, (_, i) => {
        const col = i % 8;
        const row = Math.floor(i / 8);
        return `<rect x="${width * 0.05 + col * width * 0.115}" y="${height * (0.42 - row * 0.08)}" width="${width * 0.11}" height="${height * 0.075}" fill="${colours[Math.floor(rand() * colours.length)]}" stroke="#00000033"/>`;
      }).join("") +
      `<rect x="${width * 0.82}" y="${height * 0.08}" width="${width * 0.02}" height="${height * 0.45}" fill="#e0a526"/><rect x="${width * 0.6}" y="${height * 0.08}" width="${width * 0.3}" height="${height * 0.02}" fill="#e0a526"/>`;
  } else {
    middle =
      `<rect y="${height * 0.55}" width="100%" height="${height * 0.45}" fill="#8d8f91"/>` +
      Array.from(
        { length: 10 },
        (_, i) =>
          `<rect x="${(i * width) / 10 + 6}" y="${height * 0.3}" width="${width / 10 - 12}" height="${height * 0.3}" fill="#b58b57" stroke="#6e512f" stroke-width="3"/>`,
      ).join("");
  }
  const pile = produceSvg(kind, width, Math.round(height * 0.45), seed + 1)
    .replace(/<svg[^>]*>/, "")
    .replace("</svg>", "");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${sky}</defs><rect width="100%" height="100%" fill="url(#sky)"/>${middle}<g transform="translate(0 ${height * 0.58})">${pile}</g></svg>`;
}

export async function rasterise(svg: string, format: "jpeg" | "webp" = "jpeg"): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  return format === "jpeg"
    ? image.jpeg({ quality: 78, mozjpeg: true }).toBuffer()
    : image.webp({ quality: 75 }).toBuffer();
}

/** A certificate document: paper, seal and ruled lines; readable at card size. */
export function certificateSvg(title: string, seed: number): string {
  const rand = rng(seed);
  const lines = Array.from(
    { length: 6 },
    (_, i) => `<rect x="140" y="${330 + i * 38}" width="${520 - rand() * 180}" height="10" rx="5" fill="#c9bfa8"/>`,
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="#e9e4d8"/><rect x="60" y="40" width="680" height="520" fill="#fffdf6" stroke="#b99a55" stroke-width="10"/><rect x="80" y="60" width="640" height="480" fill="none" stroke="#d9c79a" stroke-width="3"/><text x="400" y="160" font-family="Georgia, serif" font-size="54" text-anchor="middle" fill="#245337" font-weight="bold">${title}</text><text x="400" y="215" font-family="Georgia, serif" font-size="24" text-anchor="middle" fill="#6b5a2e">CERTIFICATE OF REGISTRATION</text><rect x="250" y="250" width="300" height="4" fill="#b99a55"/>${lines}<circle cx="620" cy="470" r="52" fill="#c0392b"/><circle cx="620" cy="470" r="40" fill="none" stroke="#f4d3cf" stroke-width="3"/></svg>`;
}
