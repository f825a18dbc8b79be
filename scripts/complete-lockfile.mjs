// npm run lockfile:complete — after `npm install`, before committing package-lock.json.
//
// The registry mirror these machines use serves only Linux builds of platform-specific packages, so npm records no
// lock entry for, say, @tailwindcss/oxide-darwin-arm64, and npm 11's `npm ci` then refuses the lock as "Missing: …
// from lock file". This adds an entry for each such optional dependency, with the os / cpu / libc its name states,
// so `npm ci` skips it here and would fetch it on a machine of that platform. See docs/decisions/0007.
import fs from "node:fs";
import path from "node:path";

const OS = ["darwin", "linux", "win32", "android", "freebsd", "openbsd", "netbsd", "sunos", "aix", "openharmony"];
const CPU = ["arm64", "x64", "ia32", "arm", "ppc64", "s390x", "riscv64", "loong64", "mips64el", "wasm32"];
const ALIASES = {
  windows: "win32",
  macos: "darwin",
  gnueabihf: "arm",
  musleabihf: "arm",
  x86_64: "x64",
  aarch64: "arm64",
};

export function platformOf(name) {
  const tokens = name
    .split("/")
    .pop()
    .split(/[-_.]/)
    .map((t) => ALIASES[t] ?? t);
  const os = [...new Set(tokens.filter((t) => OS.includes(t)))];
  const cpu = [...new Set(tokens.filter((t) => CPU.includes(t)))];
  const libc =
    tokens.includes("musl") || tokens.includes("musleabihf")
      ? ["musl"]
      : tokens.includes("gnu")
        ? ["glibc"]
        : undefined;
  return {
    os: os.length ? os : ["none"],
    cpu: cpu.length ? cpu : ["none"],
    ...(libc ? { libc } : {}),
  };
}

/** Returns the names added; mutates the lock. */
export function completeLockfile(lock) {
  const packages = lock.packages;
  const added = [];
  for (const [location, entry] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      // Resolution as Node does it: nested node_modules first, then up to the root.
      const parts = location ? location.split("/node_modules/").filter(Boolean) : [];
      let found = false;
      for (let i = parts.length; i >= 0 && !found; i--) {
        const base = parts
          .slice(0, i)
          .map((p) => (p.startsWith("node_modules/") ? p : `node_modules/${p}`))
          .join("/");
        found = !!packages[`${base ? `${base}/` : ""}node_modules/${name}`];
      }
      if (found) continue;
      packages[`node_modules/${name}`] = {
        version,
        optional: true,
        ...(entry.dev ? { dev: true } : {}),
        ...platformOf(name),
      };
      added.push(name);
    }
  }
  return added;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = path.resolve(process.argv[2] ?? "package-lock.json");
  const lock = JSON.parse(fs.readFileSync(file, "utf8"));
  const added = completeLockfile(lock);
  fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    added.length ? `added ${added.length} platform entries: ${added.join(", ")}` : "package-lock.json is complete",
  );
}
