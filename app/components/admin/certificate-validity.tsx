import {
  daysLeft,
  EXPIRY_WARNING_DAYS,
  expiresWithin,
  isExpired,
  isNotYetValid,
} from "~/features/certificates/validity";
import { formatDay } from "~/lib/site-time";

/** 'Valid until {date}' and, when it has lapsed or soon will, a badge that says so. */
export function CertificateValidity({ validUntil, today }: { validUntil: string | null; today: string }) {
  if (!validUntil) return null;
  const expired = isExpired(validUntil, today);
  const soon = expiresWithin(validUntil, today, EXPIRY_WARNING_DAYS);
  const left = daysLeft(validUntil, today);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span>{`Valid until ${formatDay(validUntil)}`}</span>
      {expired ? (
        <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800">
          Expired
        </span>
      ) : soon ? (
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">
          {left === 0 ? "Last day today" : `Expires in ${left} ${left === 1 ? "day" : "days"}`}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The admin card's line for a certificate entered ahead of its start: when buyers will see it, and a badge saying it
 * is not shown yet. Nothing for a certificate that has started.
 */
export function CertificateStart({ validFrom, today }: { validFrom: string | null; today: string }) {
  if (!validFrom || !isNotYetValid(validFrom, today)) return null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span>{`Shown publicly from ${formatDay(validFrom)}`}</span>
      <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-sky-900">
        Not yet valid
      </span>
    </p>
  );
}
