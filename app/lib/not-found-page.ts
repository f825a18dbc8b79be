/**
 * A resource route (a PDF) answers a missing thing with the site's own 404 page, which only a page route can render:
 * it throws `notFoundPage()`, and the server renders the not-found page in its place (server/app.ts).
 */
export const NOT_FOUND_PAGE_HEADER = "X-Not-Found-Page";

export const notFoundPage = () => new Response(null, { status: 404, headers: { [NOT_FOUND_PAGE_HEADER]: "1" } });
