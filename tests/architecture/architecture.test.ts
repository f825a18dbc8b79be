import { cruise, type IRegularForbiddenRuleType, type IReporterOutput } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The layers of docs/architecture.md, checked by dependency-cruiser with .dependency-cruiser.cjs (also
// `npm run check:architecture`, part of `npm run lint`). The second half keeps the rules themselves from being
// loosened without anyone noticing.
const CONFIG = "./.dependency-cruiser.cjs";

/** The rules about a dependency (from a module, to a module): all this configuration has. */
async function rules(): Promise<IRegularForbiddenRuleType[]> {
  const options = await extractDepcruiseOptions(CONFIG);
  return (options.ruleSet?.forbidden ?? []).filter((rule): rule is IRegularForbiddenRuleType => "to" in rule);
}

const asList = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());
const matches = (patterns: string | string[] | undefined, path: string) =>
  asList(patterns).some((pattern) => new RegExp(pattern).test(path));

/** Whether an error rule of the configuration forbids a module at `from` to import one at `to`. */
function forbids(forbidden: IRegularForbiddenRuleType[], from: string, to: string) {
  return forbidden.some(
    (rule) =>
      rule.severity === "error" &&
      (rule.scope ?? "module") === "module" &&
      (rule.from.path === undefined || matches(rule.from.path, from)) &&
      !matches(rule.from.pathNot, from) &&
      rule.to.path !== undefined &&
      matches(rule.to.path, to) &&
      !matches(rule.to.pathNot, to),
  );
}

/** One file of each layer, top to bottom: a file may import those below it, never those above. */
const LAYERS = [
  ["server", ["server/app.ts"]],
  ["startup", ["app/startup/startup.server.ts"]],
  ["routes", ["app/routes/admin/manage-categories/category-form.tsx", "app/root.tsx"]],
  ["components", ["app/components/admin/card.tsx"]],
  ["features", ["app/features/catalogue/category-admin.server.ts"]],
  ["db", ["app/db/database.server.ts", "app/config.server.ts", "app/services.server.ts"]],
  ["lib", ["app/lib/web/safe-url.ts"]],
] as const;

describe("imports run one way", () => {
  it("no module imports a layer above its own, and nothing imports in a circle", async () => {
    const options = await extractDepcruiseOptions(CONFIG);
    const result: IReporterOutput = await cruise(
      ["app", "server"],
      { ...options, validate: true, outputType: "json" },
      {},
      { tsConfig: extractTSConfig("tsconfig.json") },
    );
    const output = typeof result.output === "string" ? JSON.parse(result.output) : result.output;
    const violations = (output.summary.violations as Array<{ rule: { name: string }; from: string; to: string }>).map(
      (v) => `${v.rule.name}: ${v.from} → ${v.to}`,
    );
    expect(violations).toEqual([]);
    expect(output.summary.totalCruised).toBeGreaterThan(200); // it read the code, not an empty folder
  }, 60_000);

  it("the configuration still forbids every upward import between the layers, and allows the downward ones", async () => {
    const forbidden = await rules();
    for (const [fromIndex, [fromLayer, fromFiles]] of LAYERS.entries())
      for (const [toIndex, [toLayer, toFiles]] of LAYERS.entries()) {
        if (fromIndex === toIndex) continue;
        const upward = toIndex < fromIndex;
        for (const from of fromFiles)
          for (const to of toFiles) expect(forbids(forbidden, from, to), `${fromLayer} → ${toLayer}`).toBe(upward);
      }
  });

  it("the configuration still forbids circles between modules and between feature folders", async () => {
    const forbidden = await rules();
    const circular = forbidden.filter((rule) => rule.severity === "error" && rule.to.circular === true);
    expect(circular.some((rule) => (rule.scope ?? "module") === "module" && !rule.from.path && !rule.to.path)).toBe(
      true,
    );
    expect(
      circular.some(
        (rule) =>
          rule.scope === "folder" &&
          matches(rule.from.path, "app/features/quotes") &&
          matches(rule.to.path, "app/features/inquiries") &&
          !rule.from.pathNot &&
          !rule.to.pathNot,
      ),
    ).toBe(true);
  });
});

describe("one rule per fact", () => {
  // A status compared with 'published', in a query (`.where(…status…, "=", "published")`) or in code (`=== "published"`).
  const copy =
    /status"?\s*,\s*"(=|<>|!=)"\s*,\s*"published"|status\s*[!=]==?\s*"published"|"published"\s*[!=]==?\s*[\w.?]*status/;
  it("what the public may see is said once (features/publishing/visibility): no query or check copies the draft rule", () => {
    const home = /^app\/(features\/publishing\/visibility|db\/migrations\/|startup\/seed\/)/;
    const copies = appSources()
      .filter(([file]) => !home.test(file))
      .flatMap(([file, text]) =>
        text.split("\n").flatMap((line, i) => (copy.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(copies).toEqual([]);
  });

  it("the test above recognises a copy", () => {
    for (const line of [
      `.where("products.status", "=", "published")`,
      `.where("status", "=", "published")`,
      `post.status === "published" ? a : b`,
      `if ("published" !== row.status) return;`,
    ])
      expect(copy.test(line), line).toBe(true);
    expect(copy.test(`{ value: "published", label: "Published" }`)).toBe(false);
  });

  it("only lib/mail talks SMTP, and no feature imports another feature's mail code to send a message", async () => {
    const forbidden = await rules();
    expect(
      forbidden.some(
        (rule) =>
          rule.severity === "error" &&
          matches(rule.to.path, "node_modules/nodemailer/index.js") &&
          matches(rule.from.pathNot, "app/lib/mail/mail.server.ts"),
      ),
    ).toBe(true);
    const crossing = appSources()
      .filter(([file]) => file.startsWith("app/features/"))
      .flatMap(([file, text]) => {
        const own = file.split("/")[2];
        return [...text.matchAll(/from "~\/features\/([\w-]+)\/([\w.-]*mail[\w.-]*)"/g)]
          .filter(([, feature]) => feature !== own && feature !== "outbox")
          .map(([, feature, module]) => `${file} imports ${feature}/${module}`);
      });
    expect(crossing).toEqual([]);
  });
});

describe("folders named for what they serve", () => {
  const folders = (dir: string) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);

  it("every feature folder is in docs/architecture.md's map, and the overlapping names are gone", () => {
    const map = readFileSync("docs/architecture.md", "utf8");
    const unmapped = folders("app/features").filter((name) => !map.includes(`\`${name}/\``));
    expect(unmapped).toEqual([]);
    for (const gone of ["quote-desk", "samples", "contact", "users", "media-library"])
      expect(folders("app/features"), gone).not.toContain(gone);
  });

  it("each back-office route folder is the first segment of the addresses it serves", () => {
    const routes = readFileSync("app/routes.ts", "utf8");
    for (const folder of folders("app/routes/admin")) {
      const files = [...routes.matchAll(new RegExp(`route\\("([^"]+)", "routes/admin/${folder}/`, "g"))];
      expect(files.length, folder).toBeGreaterThan(0);
      // `accounts/` also serves the owner's own `account/two-factor`; `activity/` an activity's revert.
      for (const [, path] of files) expect(path.split("/")[0].replace(/^account$/, "accounts"), path).toBe(folder);
    }
  });

  it("components/admin holds what two modules or more use; a screen's own parts sit beside its route", () => {
    // The layout's parts are every screen's: the layout is the one module that renders them.
    const shell = new Set(["unsaved-changes-guard"]);
    const all = appSources();
    const once = readdirSync("app/components/admin")
      .map((file) => file.replace(/\.tsx?$/, ""))
      .filter((name) => !shell.has(name))
      .filter((name) => {
        const importers = all.filter(([file, text]) => {
          if (file === `app/components/admin/${name}.tsx`) return false;
          return (
            text.includes(`"~/components/admin/${name}"`) ||
            (file.startsWith("app/components/admin/") && text.includes(`"./${name}"`))
          );
        });
        return importers.length < 2;
      });
    expect(once).toEqual([]);
  });
});

describe("modules of one job", () => {
  // Data, not code: the schema's table types, the migrations' snapshots and the demo content are read, not followed.
  const data = /^app\/(db\/schema\.ts|db\/migrations\/|startup\/seed\/demo-)/;
  it("no module of app/ or server/ is over 400 lines (issue 39): a longer one does several jobs", () => {
    const long = [...appSources(), ...sourcesOf("server")]
      .filter(([file]) => !data.test(file))
      .map(([file, text]) => ({ file, lines: text.split("\n").length - 1 }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });
});

/** Every source module below `dir` (tests left out), as [path, text]. */
function sourcesOf(dir: string): Array<[string, string]> {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => [join(dir, file), readFileSync(join(dir, file), "utf8")]);
}

/** Every source module of `app/` (tests left out), as [path, text]. */
function appSources(): Array<[string, string]> {
  return sourcesOf("app");
}
