import { Plus, Save, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { AdminPageHeader, Card, DeleteForm, FieldLabel, inputClass } from "~/components/admin/ui";
import { useToastOnChange, type ToastInput } from "~/components/ui/toast";
import { addSetting, deleteSetting, listSettings, saveSettings } from "~/features/settings/settings-admin.server";
import { readFormData } from "~/lib/form-data.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/site-settings";

export const meta = () => [{ title: "Site Settings" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await listSettings(getServices(context).db) };
}

const failed = (title: string, message: string, status = 400) =>
  data({ toast: { title, description: message, variant: "destructive" } as ToastInput }, { status });
const done = (title: string, description: string) => ({
  toast: { title, description, variant: "success" } as ToastInput,
});

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  const form = await readFormData(request);
  switch (form.get("intent")) {
    case "save": {
      const values = new Map<string, string>();
      for (const [name, value] of form) if (name.startsWith("value:")) values.set(name.slice(6), String(value));
      const result = await saveSettings(db, values);
      return result.ok
        ? done("Settings Saved!", "All settings have been updated.")
        : failed(result.title, result.message);
    }
    case "add": {
      const result = await addSetting(db, {
        key: String(form.get("setting_key") ?? ""),
        value: String(form.get("setting_value") ?? ""),
        description: String(form.get("description") ?? ""),
      });
      return result.ok
        ? done("Setting Added!", "The new setting has been saved.")
        : failed(result.title, result.message);
    }
    case "delete":
      return (await deleteSetting(db, String(form.get("id") ?? "")))
        ? done("Setting Deleted!", "The setting has been removed.")
        : failed("Error Deleting Setting", "The setting no longer exists.", 404);
    default:
      return failed("Error", "Unknown request.");
  }
}

export default function SiteSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [adding, setAdding] = useState(false);
  useToastOnChange(actionData?.toast);
  const saveButton = (
    <button
      type="submit"
      form="settings-form"
      name="intent"
      value="save"
      disabled={busy}
      className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
    >
      <Save className="size-4" aria-hidden />{" "}
      {busy && navigation.formData?.get("intent") === "save" ? "Saving..." : "Save All Changes"}
    </button>
  );
  return (
    <div className="max-w-4xl space-y-6">
      <AdminPageHeader title="Site Settings" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}>
        <button
          type="button"
          onClick={() => setAdding((a) => !a)}
          aria-expanded={adding}
          className="inline-flex items-center gap-2 rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <Plus className="size-4" aria-hidden /> Add New Setting
        </button>
        {saveButton}
      </AdminPageHeader>

      {adding ? (
        <Card>
          <Form method="post" className="grid gap-4 sm:grid-cols-2" onSubmit={() => setAdding(false)}>
            <input type="hidden" name="intent" value="add" />
            <div>
              <FieldLabel htmlFor="setting_key" required>
                Setting Key
              </FieldLabel>
              <input
                id="setting_key"
                name="setting_key"
                maxLength={100}
                className={`${inputClass} font-mono`}
                placeholder="e.g. office_hours"
              />
              <p className="mt-1 text-xs text-muted">Use snake_case: lowercase words joined by underscores.</p>
            </div>
            <div>
              <FieldLabel htmlFor="setting_value" required>
                Value
              </FieldLabel>
              <input id="setting_value" name="setting_value" maxLength={2000} className={inputClass} />
            </div>
            <div className="sm:col-span-2">
              <FieldLabel htmlFor="new_description">Description</FieldLabel>
              <input id="new_description" name="description" maxLength={500} className={inputClass} />
            </div>
            <div className="flex gap-2 sm:col-span-2">
              <button
                type="submit"
                className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
              >
                Add Setting
              </button>
              <button
                type="button"
                onClick={() => setAdding(false)}
                className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
              >
                Cancel
              </button>
            </div>
          </Form>
        </Card>
      ) : null}

      <Card>
        {settings.length === 0 ? (
          <p className="py-6 text-center text-muted">No settings yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {settings.map((setting) => (
              <li key={setting.id} className="flex items-start gap-3 py-4">
                <div className="min-w-0 flex-1">
                  <label
                    htmlFor={`value-${setting.id}`}
                    className="block font-mono text-sm font-semibold text-brand-900"
                  >
                    {setting.setting_key}
                  </label>
                  {setting.description ? <p className="mb-1 text-xs text-muted">{setting.description}</p> : null}
                  <input
                    id={`value-${setting.id}`}
                    form="settings-form"
                    name={`value:${setting.id}`}
                    defaultValue={setting.setting_value}
                    key={setting.setting_value}
                    maxLength={2000}
                    className={`${inputClass} mt-1`}
                  />
                </div>
                <DeleteForm
                  what={`the setting "${setting.setting_key}"`}
                  id={setting.id}
                  label={`Delete ${setting.setting_key}`}
                  className="mt-6 rounded-md p-2 text-red-600 hover:bg-red-50"
                >
                  <Trash2 className="size-4" aria-hidden />
                </DeleteForm>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Form method="post" id="settings-form" />
      <div className="flex justify-end">{saveButton}</div>
    </div>
  );
}
