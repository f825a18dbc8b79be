import sharp from "sharp";

/** A real JPEG made on the spot, as a File the way a browser sends it. */
export async function jpegFile(name = "photo.jpg", width = 640, colour = "#b03060") {
  const bytes = await sharp({ create: { width, height: Math.round(width * 0.75), channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
}

export const textFile = (name: string, text: string, type = "image/png") => new File([text], name, { type });

export function multipart(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}
