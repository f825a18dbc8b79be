import { Mail, MapPin, Phone } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { data, Form, useNavigation } from "react-router";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { PageHeader } from "~/components/site/page-header";
import { siteData } from "~/components/site/site-data";
import { useToast, type ToastInput } from "~/components/ui/toast";
import {
  cleanProductName,
  HONEYPOT_FIELD,
  inquirySubject,
  type ContactErrors,
} from "~/features/contact/contact.schema";
import { safePagePath, submitInquiry, typedValues, type ContactValues } from "~/features/inquiries/inquiries.server";
import { notifyInBackground } from "~/features/inquiries/notify.server";
import { pageMeta } from "~/features/seo/seo";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { readFormData } from "~/lib/form-data.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/contact";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const productName = cleanProductName(url.searchParams.get("product_name"));
  // The page the buyer came from (a product, a blog post...): a same-origin Referer only, never this page itself.
  const from = safePagePath(request.headers.get("Referer"), url.origin);
  const pagePath = from && !/^\/contact-us(?:[?#]|$)/.test(from) ? from : null;
  return { subject: inquirySubject(productName), productName, pagePath };
}

// A document POST answered 429 carries the action's Retry-After.
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : loaderHeaders;
}

interface ContactAnswer {
  ok: boolean;
  errors: ContactErrors;
  /** What was typed, to show again when the message was not kept. */
  values?: ContactValues & { page_path: string };
  /** Why a valid message was not kept (rate limit, storage failure): a toast, and a line in the page. */
  notice?: ToastInput;
  at: number;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, clientIp } = getServices(context);
  const form = await readFormData(request);
  const result = await submitInquiry(db, form, { ip: clientIp });
  const answer = (status: number, extra: Partial<ContactAnswer>, headers?: HeadersInit) => {
    const values = { ...typedValues(form), page_path: safePagePath(form.get("page_path")) ?? "" };
    return data<ContactAnswer>({ ok: false, errors: {}, values, at: Date.now(), ...extra }, { status, headers });
  };
  switch (result.kind) {
    case "stored":
      // Stored first; the email goes out after the buyer has the answer, and its failure loses nothing (ADR 0011).
      notifyInBackground(db, config, result.id);
      return data<ContactAnswer>({ ok: true, errors: {}, at: Date.now() });
    case "ignored":
      // The honeypot was filled: answer like a success, keep nothing.
      return data<ContactAnswer>({ ok: true, errors: {}, at: Date.now() });
    case "invalid":
      return answer(400, { errors: result.errors });
    case "limited": {
      const minutes = Math.ceil(result.retryAfter / 60);
      const description = `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or write to us by email.`;
      return answer(
        429,
        { notice: { title: "Too Many Messages", description, variant: "destructive" } },
        { "Retry-After": String(result.retryAfter) },
      );
    }
    case "failed":
      return answer(503, {
        notice: {
          title: "Message Not Sent",
          description: "Your message could not be saved. Please try again in a moment.",
          variant: "destructive",
        },
      });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const { origin, shell } = siteData(matches);
  return pageMeta({
    title: `Contact Us | ${COMPANY_NAME}`,
    description: `Ask for a quote or samples. ${shell.address}. Email ${shell.email}, phone ${shell.phone}.`,
    path: "/contact-us",
    origin,
  });
}

const noSubscription = () => () => {};

const field =
  "w-full rounded-md border border-slate-300 px-3 py-2.5 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-500";

export default function Contact({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { shell } = siteData(matches);
  const formRef = useRef<HTMLFormElement>(null);
  const showToast = useToast();
  const submitting = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  const values = actionData?.values;
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // The page the buyer came from, as first seen: later loads of this page (after sending) name this page instead.
  const [pagePath] = useState(loaderData.pagePath);

  useEffect(() => {
    if (actionData?.notice) showToast(actionData.notice);
    if (!actionData?.ok) return;
    showToast({
      title: "Message Sent!",
      description: "Thank you for contacting us. We will get back to you shortly.",
      variant: "success",
      duration: 5000,
    });
    formRef.current?.reset();
  }, [actionData, showToast]);

  const input = (name: keyof ContactErrors, label: string, props: React.ComponentProps<"input"> = {}) => (
    <div>
      <label htmlFor={name} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {props.required ? <span className="text-red-600"> *</span> : null}
      </label>
      <input
        id={name}
        name={name}
        className={field}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `${name}-error` : undefined}
        defaultValue={values?.[name]}
        {...props}
      />
      {errors[name] ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-600">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <>
      <PageHeader title="Contact Us">Tell us what you need: variety, size, packing and destination port.</PageHeader>
      <section className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[1fr_1.4fr]">
        <div className="space-y-6">
          <h2 className="text-2xl font-bold text-brand-900">Get in Touch</h2>
          <ul className="space-y-5">
            <li className="flex gap-4">
              <MapPin className="mt-1 size-6 shrink-0 text-brand-600" aria-hidden />
              <div>
                <p className="font-semibold">Office Address</p>
                <address className="text-muted not-italic">{shell.address}</address>
              </div>
            </li>
            <li className="flex gap-4">
              <Mail className="mt-1 size-6 shrink-0 text-brand-600" aria-hidden />
              <div>
                <p className="font-semibold">Email</p>
                <a href={`mailto:${shell.email}`} className="break-all text-brand-700 hover:underline">
                  {shell.email}
                </a>
              </div>
            </li>
            <li className="flex gap-4">
              <Phone className="mt-1 size-6 shrink-0 text-brand-600" aria-hidden />
              <div>
                <p className="font-semibold">Phone</p>
                <a href={`tel:${shell.phone.replace(/[^\d+]/g, "")}`} className="text-brand-700 hover:underline">
                  {shell.phone}
                </a>
              </div>
            </li>
          </ul>
          <iframe
            title="Map of our office"
            src={`https://www.google.com/maps?q=${encodeURIComponent(shell.address)}&output=embed`}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            className="aspect-[4/3] w-full rounded-xl border-0 shadow-sm"
          />
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
          <h2 className="text-2xl font-bold text-brand-900">Send Us a Message</h2>
          <Form
            ref={formRef}
            method="post"
            className="relative mt-6 grid gap-5 sm:grid-cols-2"
            key={loaderData.subject}
          >
            <input type="hidden" name="product_name" value={loaderData.productName} />
            <input type="hidden" name="page_path" value={values?.page_path || pagePath || ""} />
            {/* The honeypot: off screen (not display:none, which some robots skip), out of the tab order and of autofill. */}
            <div aria-hidden="true" className="absolute top-0 -left-[10000px] h-px w-px overflow-hidden">
              <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
              <input
                id={HONEYPOT_FIELD}
                name={HONEYPOT_FIELD}
                type="text"
                tabIndex={-1}
                autoComplete="off"
                defaultValue=""
              />
            </div>
            {input("full_name", "Full Name", { required: true, autoComplete: "name", maxLength: 120 })}
            {input("email", "Email Address", { required: true, type: "email", autoComplete: "email", maxLength: 254 })}
            {input("phone", "Phone Number", { type: "tel", autoComplete: "tel", maxLength: 40 })}
            {input("subject", "Subject", {
              required: true,
              defaultValue: values?.subject ?? loaderData.subject,
              maxLength: 200,
            })}
            <div className="sm:col-span-2">
              <label htmlFor="message" className="mb-1 block text-sm font-medium text-slate-700">
                Message<span className="text-red-600"> *</span>
              </label>
              <textarea
                id="message"
                name="message"
                rows={5}
                required
                maxLength={5000}
                defaultValue={values?.message}
                className={field}
                aria-invalid={!!errors.message}
                aria-describedby={errors.message ? "message-error" : undefined}
              />
              {errors.message ? (
                <p id="message-error" className="mt-1 text-sm text-red-600">
                  {errors.message}
                </p>
              ) : null}
            </div>
            <div className="sm:col-span-2">
              <button
                type="submit"
                disabled={submitting}
                className="w-full rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70 sm:w-auto"
              >
                {submitting ? "Sending..." : "Send Message"}
              </button>
            </div>
            {actionData?.notice ? (
              <p
                role="alert"
                data-testid="contact-notice"
                className="rounded-md bg-red-50 p-3 text-red-800 sm:col-span-2"
              >
                <strong>{actionData.notice.title}</strong> {actionData.notice.description}
              </p>
            ) : null}
            {/* Without JavaScript there is no toast: the page the POST returns says it. Once hydrated, the toast does. */}
            {actionData?.ok && !hydrated ? (
              <p role="status" className="rounded-md bg-brand-50 p-3 text-brand-800 sm:col-span-2">
                Message Sent! Thank you for contacting us. We will get back to you shortly.
              </p>
            ) : null}
          </Form>
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
