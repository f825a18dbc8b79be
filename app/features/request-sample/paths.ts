// Apart from the schema, so the product page's and the quote list's links bring no zod into their pages' script.

/** The sample request's page (issue 28), in every language under its prefix. */
export const SAMPLE_PAGE = "/request-sample";

/** The query parameter naming the product the form starts with (server/query-params.ts keeps it). */
export const SAMPLE_PRODUCT_PARAM = "product";

/** 'Request a Sample' for one product: the form with that product chosen (a site path, before the language's prefix). */
export const samplePath = (productId: string) =>
  `${SAMPLE_PAGE}?${SAMPLE_PRODUCT_PARAM}=${encodeURIComponent(productId)}`;
