/** The toast a redirect carries to the next page (post/redirect/get: the flash cookie). */
export const flashOf = (response: Response) =>
  JSON.parse(Buffer.from(response.headers.get("Set-Cookie")!.match(/flash=([^;]+)/)![1], "base64url").toString());
