// Dates are formatted in UTC so the server and the browser print the same day.
const short = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const long = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export const formatShortDate = (iso: string | null) => (iso ? short.format(new Date(iso)) : "");
export const formatLongDate = (iso: string | null) => (iso ? long.format(new Date(iso)) : "");
