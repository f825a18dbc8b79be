/**
 * The short reference a buyer and the team name a request by ("Q-3F2A9C1B"): the first eight hex digits of its id.
 * Not a secret and not unique by construction (one in four billion), so it is never used to look a request up for
 * a visitor; the team finds it with the inquiry's other details.
 */
export const inquiryReference = (id: string) => `Q-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
