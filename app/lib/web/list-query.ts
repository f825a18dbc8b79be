/** Rows per page in back-office lists. */
export const PAGE_SIZE = 25;

export interface ListQuery {
  q: string;
  page: number;
}

export function parseListQuery(request: Request): ListQuery {
  const params = new URL(request.url).searchParams;
  const page = Math.max(1, Math.min(100_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  return { q: (params.get("q") ?? "").trim().slice(0, 100), page };
}
