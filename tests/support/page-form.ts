import { Window } from "happy-dom";

/**
 * What a form of a page sends when submitted, as a browser sends it (no button pressed): each named input's value,
 * checked boxes only, each select's chosen option, each textarea. `selector` picks the form (the first by default).
 */
export function formEntriesOf(html: string, selector = "form"): Array<[string, string]> {
  const window = new Window();
  try {
    const document = new window.DOMParser().parseFromString(html, "text/html");
    const form = document.querySelector(selector);
    if (!form) throw new Error(`no ${selector} on the page`);
    const entries: Array<[string, string]> = [];
    for (const element of form.querySelectorAll("input[name], select[name], textarea[name]")) {
      const name = element.getAttribute("name")!;
      const tag = element.tagName.toLowerCase();
      if (tag === "select") {
        const options = [...element.querySelectorAll("option")];
        const chosen = options.find((option) => option.hasAttribute("selected")) ?? options[0];
        if (chosen) entries.push([name, chosen.getAttribute("value") ?? chosen.textContent ?? ""]);
      } else if (tag === "textarea") {
        entries.push([name, element.textContent ?? ""]);
      } else {
        const type = (element.getAttribute("type") ?? "text").toLowerCase();
        if (["submit", "button", "file", "reset", "image"].includes(type)) continue;
        if ((type === "checkbox" || type === "radio") && !element.hasAttribute("checked")) continue;
        entries.push([name, element.getAttribute("value") ?? (type === "checkbox" ? "on" : "")]);
      }
    }
    return entries;
  } finally {
    void window.happyDOM.close();
  }
}
