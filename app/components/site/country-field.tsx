import { SelectField } from "~/components/forms";
import { useI18n } from "~/features/i18n/i18n-context";

/**
 * The buyer's country, chosen from a list (issue 41): ISO codes named in the page's language and in its order
 * (`countryChoices`, made by the loader: a browser's Intl may name some differently), a plain <select> that works
 * without JavaScript. The browser's autofill fills it with the country's code.
 */
export function CountryField({ choices }: { choices: Array<{ value: string; label: string }> }) {
  const { t } = useI18n();
  return (
    <SelectField
      name="country"
      label={t("forms.field.country")}
      placeholder={t("forms.quote.countryPlaceholder")}
      options={choices}
      autoComplete="country"
    />
  );
}
