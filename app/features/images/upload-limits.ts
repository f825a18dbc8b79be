// What the browser and the server both tell the administrator about an upload's size (the server checks again).

export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";

export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const tooLarge = (maxBytes: number) => `The image is larger than the ${megabytes(maxBytes)} limit.`;

/** The line under a picture input: the formats, and the limit when known (`each` for a multiple input). */
export const imageLimitHint = (maxBytes: number | null, each = false) =>
  `JPEG, PNG, WebP, GIF or AVIF${maxBytes ? `, up to ${megabytes(maxBytes)}${each ? " each" : ""}` : ""}.`;
