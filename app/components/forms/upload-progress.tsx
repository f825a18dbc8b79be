import { useSyncExternalStore } from "react";

/**
 * `fetch` cannot report how much of a request body has been sent, so React Router's form submissions cannot show
 * upload progress. In the browser, a POST whose body is a FormData carrying a file is sent with XMLHttpRequest
 * instead (same URL, headers, credentials and abort signal), which can; everything else goes to the real fetch.
 * React Router then reads the answer exactly as it would have.
 */

interface Progress {
  loaded: number;
  total: number;
}

let current: Progress | null = null;
const listeners = new Set<() => void>();
const publish = (next: Progress | null) => {
  current = next;
  for (const listener of listeners) listener();
};

const hasFile = (body: unknown): body is FormData =>
  typeof FormData !== "undefined" &&
  body instanceof FormData &&
  [...body.values()].some((value) => value instanceof File && value.size > 0);

function sendWithProgress(url: string, init: RequestInit & { body: FormData }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? "POST", url);
    xhr.responseType = "blob";
    xhr.withCredentials = init.credentials === "include";
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) =>
      publish({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.onload = () => {
      publish(null);
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(":");
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const noBody = [101, 204, 205, 304].includes(xhr.status);
      resolve(new Response(noBody ? null : xhr.response, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = () => {
      publish(null);
      reject(new TypeError("Failed to fetch"));
    };
    xhr.onabort = () => {
      publish(null);
      reject(new DOMException("The upload was cancelled.", "AbortError"));
    };
    init.signal?.addEventListener("abort", () => xhr.abort());
    publish({ loaded: 0, total: 0 });
    xhr.send(init.body);
  });
}

let installed = false;

/** Called once in the browser (root module). */
export function installUploadProgress() {
  if (installed || typeof window === "undefined" || typeof XMLHttpRequest === "undefined") return;
  installed = true;
  const realFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    if (method === "POST" && !(input instanceof Request) && hasFile(init?.body)) {
      return sendWithProgress(String(input), { ...init, body: init.body as FormData });
    }
    return realFetch(input, init);
  };
}

export function useUploadProgress() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

const formatMb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A bar under the form while its files are being sent. */
export function UploadProgress() {
  const progress = useUploadProgress();
  if (!progress) return null;
  const percent = progress.total ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <div className="mt-4 space-y-1" data-testid="upload-progress">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted">
        {progress.total && progress.loaded >= progress.total
          ? "Uploaded; processing the images…"
          : `Uploading… ${formatMb(progress.loaded)}${progress.total ? ` of ${formatMb(progress.total)} (${percent}%)` : ""}`}
      </p>
    </div>
  );
}
