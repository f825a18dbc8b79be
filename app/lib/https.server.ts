/** Cookies get `Secure` when the site is served over HTTPS (by PUBLIC_URL or by the request itself). */
export function servedOverHttps(request: Request, publicUrl: string | undefined): boolean {
  return (publicUrl ?? request.url).startsWith("https:");
}
