// What the browser and the server both tell the administrator about an upload's size (the server checks again).

export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";

export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const tooLarge = (maxBytes: number) => `The image is larger than the ${megabytes(maxBytes)} limit.`;
