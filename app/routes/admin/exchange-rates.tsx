import { useSearchParams } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Card } from "~/components/admin/card";
import { RowActions } from "~/components/admin/row-actions";
import { Field, SchemaForm, SelectField, SubmitButton } from "~/components/forms";
import { ButtonLink } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import { getAdminUser } from "~/features/auth/guard.server";
import { isFreshRate, MAX_MAX_AGE_DAYS, MIN_MAX_AGE_DAYS, RATE_CURRENCIES } from "~/features/currency/rates";
import { exchangeRateForm, MAX_AGE_LABEL, maxAgeForm } from "~/features/currency/rates.schema";
import {
  deleteExchangeRate,
  listExchangeRates,
  maxRateAgeDays,
  saveExchangeRate,
  saveMaxRateAge,
} from "~/features/currency/rates.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { readFormData } from "~/lib/form-data.server";
import {
  attempt,
  errorToast,
  formFailure,
  redirectBack,
  redirectWithToast,
  refuse,
  successToast,
} from "~/lib/forms/respond.server";
import { parseSubmission, type FormFailure, type Refusal } from "~/lib/forms/submission";
import { formatDay, formatSiteTime, siteToday } from "~/lib/site-time";
import { utcDate } from "~/lib/time";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/exchange-rates";

// Exchange rates for prices in the buyer's currency (issue 43). Product pages carry the rates that are fresh on the
// day they are rendered; a save refreshes them on every instance.
export const meta = () => [{ title: "Exchange rates" }];

const PAGE = "/admin/exchange-rates";
const CURRENCY_NAMES = new Intl.DisplayNames(["en"], { type: "currency" });

export async function loader({ context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const [rates, maxAge, timeZone] = await Promise.all([listExchangeRates(db), maxRateAgeDays(db), siteTimeZone(db)]);
  // Fresh as the public pages count it: on the UTC day (the page cache's).
  const today = utcDate(now());
  return {
    rates: rates.map((rate) => ({
      ...rate,
      fresh: isFreshRate(rate.rateDate, today, maxAge),
      updated: formatSiteTime(rate.updatedAt, timeZone),
    })),
    maxAge,
    today: siteToday(now(), timeZone),
  };
}

const SAVE_FAILED: Refusal = { ok: false, title: "Rate Not Saved", message: "The rate could not be saved. Try again." };
const DELETE_FAILED: Refusal = {
  ok: false,
  title: "Error Deleting Rate",
  message: "The rate could not be deleted. Try again.",
};

export async function action({ request, context }: Route.ActionArgs) {
  const { db, now, changed } = getServices(context);
  // The rates are shown on product pages only (those with an indicative price).
  changed(pageTag.exchangeRates);
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  switch (form.get("intent")) {
    case "save": {
      const submission = parseSubmission(form, exchangeRateForm.schema);
      if (!submission.ok)
        return formFailure({ ...submission, form: "save" }, exchangeRateForm.invalidToast(submission.errors));
      const { currency, rate, rate_date } = submission.value;
      const today = siteToday(now(), await siteTimeZone(db));
      const result = await attempt(
        "exchange-rates",
        () => saveExchangeRate(db, actor, { currency, rate, rateDate: rate_date }, today),
        SAVE_FAILED,
      );
      if (!result.ok) return refuse({ ...submission, form: "save" }, result, result === SAVE_FAILED ? 500 : 400);
      return redirectWithToast(
        PAGE,
        successToast(
          result.added ? "Rate Added!" : "Rate Saved!",
          `1 USD = ${rate} ${currency}. Product pages show it while it is at most ${await maxRateAgeDays(db)} days old.`,
        ),
      );
    }
    case "max-age": {
      const submission = parseSubmission(form, maxAgeForm.schema);
      if (!submission.ok)
        return formFailure({ ...submission, form: "max-age" }, maxAgeForm.invalidToast(submission.errors));
      const days = submission.value.max_age_days!;
      await saveMaxRateAge(db, actor, days);
      return redirectWithToast(
        PAGE,
        successToast("Setting Saved!", `Rates older than ${days} ${days === 1 ? "day" : "days"} are no longer shown.`),
      );
    }
    case "delete": {
      const currency = String(form.get("id") ?? "");
      const result = await attempt("exchange-rates", () => deleteExchangeRate(db, actor, currency), DELETE_FAILED);
      if (!result.ok) return refuse({ values: {}, form: "delete" }, result, result.status ?? 500);
      return redirectBack(request, successToast("Rate Deleted!", `Prices are no longer shown in ${currency}.`));
    }
    default:
      return formFailure({}, errorToast("Error", "Unknown request."));
  }
}

export default function ExchangeRates({ loaderData, actionData }: Route.ComponentProps) {
  const { rates, maxAge, today } = loaderData;
  const failure = actionData as FormFailure | undefined;
  useToastOnChange(failure?.form === "delete" ? failure.toast : undefined);
  // Editing lives in the address (`?edit=AED`), so it works without JavaScript and survives a reload.
  const [params] = useSearchParams();
  const editing = rates.find((rate) => rate.currency === params.get("edit")) ?? null;
  const currencyOptions = RATE_CURRENCIES.map((code) => ({
    value: code,
    label: `${code} · ${CURRENCY_NAMES.of(code)}`,
  }));

  return (
    <div className="max-w-4xl space-y-6">
      <AdminPageHeader title="Exchange rates" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }} />
      <p className="text-muted">
        Buyers can see a product&apos;s indicative price in their own currency beside the USD price, with the date of
        the rate (&ldquo;≈ AED 1,212–1,395 · rates of 27 Nov&rdquo;). Enter how much of each currency one US dollar
        buys. A rate older than the longest age below is never shown: update the rates before then.
      </p>

      <Card>
        <h2 className="mb-4 text-lg font-semibold text-brand-900">
          {editing ? `Edit the ${editing.currency} rate` : "Add or update a rate"}
        </h2>
        <SchemaForm
          of={exchangeRateForm}
          intent="save"
          result={actionData}
          method="post"
          key={editing?.currency ?? "new"}
          className="grid gap-4 sm:grid-cols-3"
        >
          {editing ? (
            <>
              <input type="hidden" name="currency" value={editing.currency} />
              <p className="text-sm">
                <span className="block font-medium text-slate-700">Currency</span>
                <span className="mt-2 block">{`${editing.currency} · ${CURRENCY_NAMES.of(editing.currency)}`}</span>
              </p>
            </>
          ) : (
            <SelectField name="currency" label="Currency" options={currencyOptions} placeholder="Choose a currency" />
          )}
          <Field
            name="rate"
            label="Rate per 1 USD"
            hint="How many of this currency one US dollar buys, e.g. 3.6725."
            inputMode="decimal"
            autoComplete="off"
            defaultValue={editing?.rate ?? ""}
          />
          <Field
            name="rate_date"
            label="Rate date"
            hint="The day the rate was taken; not in the future."
            type="date"
            max={today}
            defaultValue={editing?.rateDate ?? today}
          />
          <div className="flex flex-wrap gap-3 sm:col-span-3">
            <SubmitButton pendingLabel="Saving...">{editing ? "Save Rate" : "Save Rate"}</SubmitButton>
            {editing ? (
              <ButtonLink to={PAGE} variant="outline">
                Cancel
              </ButtonLink>
            ) : null}
          </div>
        </SchemaForm>
      </Card>

      <Card>
        <h2 className="mb-2 text-lg font-semibold text-brand-900">Rates</h2>
        {rates.length === 0 ? (
          <p className="py-6 text-center text-muted">
            No exchange rates yet: prices are shown in their own currency only.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {rates.map((rate) => (
              <li
                key={rate.currency}
                aria-current={rate.currency === editing?.currency ? "true" : undefined}
                className={`flex items-center gap-2 py-3 ${rate.currency === editing?.currency ? "-mx-2 rounded-md bg-brand-50 px-2" : ""}`}
                data-testid={`rate-${rate.currency}`}
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-ink">
                    {`1 USD = ${rate.rate} ${rate.currency}`}
                    <span className="ms-2 text-sm font-normal text-muted">{CURRENCY_NAMES.of(rate.currency)}</span>
                  </p>
                  <p className="text-sm text-muted">
                    {`Rate of ${formatDay(rate.rateDate)} · updated ${rate.updated}${rate.updatedBy ? ` by ${rate.updatedBy}` : ""}`}
                  </p>
                  {rate.fresh ? null : (
                    <p className="text-sm font-medium text-red-700">
                      {`Older than ${maxAge} ${maxAge === 1 ? "day" : "days"}: not shown on the site. Update it.`}
                    </p>
                  )}
                </div>
                <RowActions
                  name={`${rate.currency} rate`}
                  kind="exchange rate"
                  id={rate.currency}
                  editTo={`${PAGE}?edit=${rate.currency}`}
                />
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card>
        <h2 className="mb-4 text-lg font-semibold text-brand-900">{MAX_AGE_LABEL}</h2>
        <SchemaForm of={maxAgeForm} intent="max-age" result={actionData} method="post" className="space-y-4">
          <Field
            name="max_age_days"
            label={`${MAX_AGE_LABEL} (days)`}
            hint={`From ${MIN_MAX_AGE_DAYS} to ${MAX_MAX_AGE_DAYS} days. A rate older than this is not shown to buyers.`}
            type="number"
            min={MIN_MAX_AGE_DAYS}
            max={MAX_MAX_AGE_DAYS}
            step={1}
            defaultValue={String(maxAge)}
            className="max-w-xs"
          />
          <SubmitButton pendingLabel="Saving...">Save Setting</SubmitButton>
        </SchemaForm>
      </Card>
    </div>
  );
}
