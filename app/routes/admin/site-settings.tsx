import { HistoryLink, HistoryPanel } from "~/components/admin/history-panel";
import { loadHistory } from "~/features/versions/restore.server";
import { Plus, Save, Trash2 } from "lucide-react";
import { useMemo } from "react";
import { Form, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { confirmDelete, DeleteButton } from "~/components/admin/delete-form";
import { Card } from "~/components/admin/card";
import { Field, ImageField, SchemaForm, SelectField, SubmitButton, TextareaField, useField } from "~/components/forms";
import { Button, ButtonLink } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import {
  LOGO_FIELD,
  originalField,
  settingAddForm,
  settingRefusalSentence,
  settingSlots,
  settingsForm,
  valueField,
  type SettingSlot,
  type SettingsValues,
} from "~/features/settings/settings-admin.schema";
import { SITE_FIELD_GROUPS, siteFieldOf, type SiteField } from "~/features/settings/site-fields";
import { timeZoneChoices } from "~/features/settings/time-zone.server";
import { getAdminUser } from "~/features/auth/guard.server";
import {
  addSetting,
  deleteSetting,
  KEPT_SETTING,
  listSettings,
  saveSettings,
  settingsEditVersion,
} from "~/features/settings/settings-admin.server";
import { STALE_EDIT_TITLE } from "~/features/history/edit-version.server";
import { openedVersionOf, VERSION_FIELD } from "~/lib/forms/edit-version";
import { DEFAULT_SITE_TIME_ZONE, SITE_TIME_ZONE_KEY } from "~/lib/site-time";
import { safeImageSrc } from "~/lib/web/safe-url";
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
import { parseSubmission, type FieldErrors, type FormFailure, type Refusal } from "~/lib/forms/submission";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/site-settings";

export const meta = () => [{ title: "Site Settings" }];

const PAGE = "/admin/site-settings";

/** Every setting on the page: the stored ones and the site's own not stored yet (the time zone shows India's). */
const slotsOf = async (db: Parameters<typeof listSettings>[0]) =>
  settingSlots(await listSettings(db), { [SITE_TIME_ZONE_KEY]: DEFAULT_SITE_TIME_ZONE });

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const settings = await slotsOf(db);
  const zone = settings.find((s) => s.setting_key === SITE_TIME_ZONE_KEY)?.setting_value ?? DEFAULT_SITE_TIME_ZONE;
  return {
    settings,
    timeZones: timeZoneChoices(zone),
    history: await loadHistory(db, "setting", "site"),
    version: await settingsEditVersion(db),
  };
}

// Save All may refuse one value (400) and still have saved the others: the page must show what was saved.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;
}

const ADD_FAILED: Refusal = {
  ok: false,
  title: "Error Adding Setting",
  message: "The setting could not be added. Please try again.",
};
const DELETE_FAILED: Refusal = {
  ok: false,
  title: "Error Deleting Setting",
  message: "The setting could not be deleted. Please try again.",
};

export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage, config, changed } = getServices(context);
  // Every setting the public site reads is in every page's shell; the others are shown nowhere.
  changed(pageTag.settings);
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  switch (form.get("intent")) {
    case "save": {
      const settings = await slotsOf(db);
      const definition = settingsForm(settings);
      const submission = parseSubmission(form, definition.schema);
      if (!submission.ok)
        return formFailure({ ...submission, form: "save" }, definition.invalidToast(submission.errors));
      const { saved, refused } = await saveSettings(
        db,
        storage,
        actor,
        settings,
        submission.value as SettingsValues,
        config.uploadMaxBytes,
        openedVersionOf(submission.values),
      );
      if (!refused.length)
        return redirectBack(request, successToast("Settings Saved!", "All settings have been updated."));
      // Each refused value keeps what was typed and says why at its field; the page names them all.
      const keys = refused.map((r) => r.key).join(", ");
      const others = Object.keys(saved).length ? " The other changes were saved." : "";
      const errors: FieldErrors = { "": [`Not saved: ${keys}.${others}`] };
      for (const { field, message } of refused) (errors[field] ??= []).push(message);
      const description =
        refused.length === 1
          ? settingRefusalSentence(refused[0].message)
          : `${refused.length} settings were not saved: each one says why.`;
      // Someone else saved a setting meanwhile (ADR 0049): the page then shows it as saved, and its version now.
      const stale = refused.some((r) => r.stale);
      const values = { ...submission.values, ...saved };
      if (stale) values[VERSION_FIELD] = await settingsEditVersion(db);
      const title = refused.every((r) => r.stale) ? STALE_EDIT_TITLE : `Error saving ${keys}`;
      return formFailure({ form: "save", values, errors }, errorToast(title, description + others), stale ? 409 : 400);
    }
    case "add": {
      const submission = parseSubmission(form, settingAddForm.schema);
      if (!submission.ok)
        return formFailure({ ...submission, form: "add" }, settingAddForm.invalidToast(submission.errors));
      const result = await attempt("settings", () => addSetting(db, actor, submission.value), ADD_FAILED);
      if (!result.ok) return refuse({ ...submission, form: "add" }, result, result.field ? 400 : 500);
      return redirectWithToast(PAGE, successToast("Setting Added!", "The new setting has been saved."));
    }
    case "delete": {
      const id = String(form.get("id") ?? "");
      const result = await attempt("settings", () => deleteSetting(db, storage, actor, id), DELETE_FAILED);
      if (!result.ok)
        return refuse(
          { values: {}, form: "delete" },
          result,
          result === DELETE_FAILED ? 500 : result.message === KEPT_SETTING ? 409 : 404,
        );
      return redirectBack(request, successToast("Setting Deleted!", "The setting has been removed."));
    }
    default:
      return formFailure({}, errorToast("Error", "Unknown request."));
  }
}

export default function SiteSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, timeZones } = loaderData;
  // The site's own settings are the labelled groups; the list below holds the custom keys (spec §2).
  const custom = settings.filter((s) => !siteFieldOf(s.setting_key));
  const failure = actionData as FormFailure | undefined;
  // The Add form is open while the address says so (`?add=1`, works without JavaScript) or its answer was a refusal.
  const [params] = useSearchParams();
  const adding = params.has("add") || failure?.form === "add";
  const saveForm = useMemo(() => settingsForm(settings), [settings]);
  useToastOnChange(failure?.form === "delete" ? failure.toast : undefined);

  return (
    <div className="max-w-4xl space-y-6">
      <AdminPageHeader title="Site Settings" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}>
        <Form method="get" action={PAGE}>
          {adding ? null : <input type="hidden" name="add" value="1" />}
          <Button type="submit" variant="outline" aria-expanded={adding}>
            <Plus className="size-4" aria-hidden /> Add New Setting
          </Button>
        </Form>
        <SaveAllButton />
        <HistoryLink entries={loaderData.history} />
      </AdminPageHeader>

      {adding ? (
        <Card>
          <SchemaForm
            of={settingAddForm}
            intent="add"
            result={actionData}
            method="post"
            className="grid gap-4 sm:grid-cols-2"
          >
            <Field
              name="setting_key"
              label="Setting Key"
              placeholder="e.g. office_hours"
              hint="Use snake_case: lowercase words joined by underscores."
              className="[&_input]:font-mono"
            />
            <Field name="setting_value" label="Value" />
            <Field name="description" label="Description" className="sm:col-span-2" />
            <div className="flex gap-2 sm:col-span-2">
              <SubmitButton pendingLabel="Adding...">Add Setting</SubmitButton>
              <ButtonLink to={PAGE} variant="outline">
                Cancel
              </ButtonLink>
            </div>
          </SchemaForm>
        </Card>
      ) : null}

      <SchemaForm
        of={saveForm}
        intent="save"
        result={actionData}
        id="settings-form"
        version={loaderData.version}
        method="post"
        encType="multipart/form-data"
        className="space-y-6"
      >
        <NotSaved />
        {SITE_FIELD_GROUPS.map((group) => (
          <Card key={group.title}>
            <h2 className="mb-4 text-lg font-semibold text-brand-900">{group.title}</h2>
            <div className="space-y-4">
              {group.fields.map((field) => {
                const slot = settings.find((s) => s.setting_key === field.key);
                return slot ? (
                  <SiteSettingField
                    key={`${slot.id}@${slot.updated_at}`}
                    field={field}
                    slot={slot}
                    timeZones={timeZones}
                  />
                ) : null;
              })}
            </div>
          </Card>
        ))}
        <Card>
          <h2 className="mb-2 text-lg font-semibold text-brand-900">Other settings</h2>
          {custom.length === 0 ? (
            <p className="py-6 text-center text-muted">No settings yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {custom.map((setting) => (
                // A saved value remounts its row, so the inputs start from what was saved.
                <li key={`${setting.id}@${setting.updated_at}`} className="flex items-start gap-3 py-4">
                  <div className="min-w-0 flex-1 space-y-3">
                    <input type="hidden" name={originalField(setting.id)} value={setting.setting_value} />
                    <Field
                      name={valueField(setting.id)}
                      label={<span className="font-mono font-semibold text-brand-900">{setting.setting_key}</span>}
                      defaultValue={setting.setting_value}
                      hint={setting.description}
                    />
                  </div>
                  <div className="mt-6">
                    <DeleteButton form={`delete-${setting.id}`} label={`Delete ${setting.setting_key}`}>
                      <Trash2 className="size-4" aria-hidden />
                    </DeleteButton>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <div className="flex justify-end">
          <SaveAllButton />
        </div>
      </SchemaForm>

      {/* The delete forms stand outside the Save All form (forms do not nest); each row's icon sends its own. */}
      {custom.map((setting) => (
        <Form
          key={setting.id}
          id={`delete-${setting.id}`}
          method="post"
          hidden
          onSubmit={confirmDelete(`the setting "${setting.setting_key}"`)}
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={setting.id} />
        </Form>
      ))}
      <HistoryPanel entries={loaderData.history} restoreAction="/admin/history/setting/site/restore" />
    </div>
  );
}

/**
 * One of the site's own settings, labelled, in the input its value needs; a saved value remounts it (its key), so
 * it starts from what was saved. Its value may be left empty: the public site then hides what it shows.
 */
function SiteSettingField({ field, slot, timeZones }: { field: SiteField; slot: SettingSlot; timeZones: string[] }) {
  const name = valueField(slot.id);
  const common = { name, label: field.label, hint: field.hint, defaultValue: slot.setting_value };
  return (
    <div className="space-y-3">
      <input type="hidden" name={originalField(slot.id)} value={slot.setting_value} />
      {field.kind === "textarea" ? (
        // Bank details run to five or six lines (bank, branch, account name and number, SWIFT, IFSC).
        <TextareaField {...common} rows={field.key === "bank_details" ? 6 : 3} />
      ) : field.kind === "timeZone" ? (
        <SelectField {...common} options={timeZones.map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") }))} />
      ) : (
        <Field
          {...common}
          type={field.kind === "email" ? "email" : field.kind === "phone" ? "tel" : "text"}
          inputMode={
            field.kind === "url" || field.kind === "logo" ? "url" : field.kind === "minutes" ? "numeric" : undefined
          }
          autoComplete="off"
          autoCapitalize={field.kind === "iec" ? "characters" : undefined}
          spellCheck={field.kind === "iec" ? false : undefined}
          dir={field.kind === "text" ? undefined : "ltr"}
        />
      )}
      {field.kind === "logo" ? (
        <ImageField name={LOGO_FIELD} label="Logo image" currentUrl={safeImageSrc(slot.setting_value)} />
      ) : null}
    </div>
  );
}

/** 'Save All Changes', at the top and the bottom of the page (spec §2); both send the one Save All form. */
function SaveAllButton() {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <Button type="submit" form="settings-form" disabled={saving} aria-busy={saving || undefined}>
      <Save className="size-4" aria-hidden /> {saving ? "Saving..." : "Save All Changes"}
    </Button>
  );
}

/** Which settings a Save All did not write (each says why at its field); the toast goes, this stays. */
function NotSaved() {
  const { errors } = useField("");
  if (!errors?.length) return null;
  return <p className="mb-2 rounded-md bg-red-50 p-3 text-sm text-red-700">{errors.join(" ")}</p>;
}
