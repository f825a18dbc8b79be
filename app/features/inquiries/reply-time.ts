/** What a buyer is told to expect after a quote request: in the receipt email and on the summary page. */
export const REPLY_TIME_TEXT = "We usually reply within one business day.";
