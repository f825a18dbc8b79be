// Apart from the schema, so the header's badge and the 'Add to Quote' button bring no zod into every page's script.

/** The quote list's page, where 'Add to Quote' and the remove buttons post to. */
export const QUOTE_PAGE = "/request-quote";

/** Where the buyer reads what they sent. */
export const QUOTE_SENT_PAGE = "/request-quote/sent";

/**
 * Where the page's script sends 'Add to Quote' and Remove, answered with JSON instead of a redirect (the same change
 * as the quote page's form, ADR 0058); under the page's language prefix like the form's own address.
 */
export const QUOTE_LIST_ANSWER = "/request-quote/list";
