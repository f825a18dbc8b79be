import { HONEYPOT_FIELD } from "~/features/inquiries/inquiries.schema";

/**
 * The buyers' forms' trap for robots: a field people never see or fill. Off screen (not display:none, which some
 * robots skip) past the start side (left, or right in Arabic: off the other side a right-to-left page would scroll
 * to it), out of the tab order and of autofill; a form that arrives with it filled is dropped quietly.
 */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -start-[10000px] top-0 h-px w-px overflow-hidden">
      <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
