import sharp from "sharp";

/** A real JPEG, made on the spot, in the shape Playwright's setInputFiles takes. */
export const jpeg = async (name: string, colour: string) => ({
  name,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer(),
});
