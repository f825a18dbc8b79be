// Apart from the schema, so the header's badge and the 'Add to Quote' button bring no zod into every page's script.

/** The quote list's page, where 'Add to Quote' and the remove buttons post to. */
export const QUOTE_PAGE = "/request-quote";

/** Where the buyer reads what they sent. */
export const QUOTE_SENT_PAGE = "/request-quote/sent";
