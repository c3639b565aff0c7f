/**
 * The two staff calls that move files: the menu upload (which needs upload progress, which fetch
 * can't report) and the CSV export (a file, not JSON). Both use XMLHttpRequest and fail with the
 * same ApiError as `apiFetch`, so callers handle every failure the same way.
 */
import { API_BASE, errorFromAnswer, noAnswer, parseJson } from "./api-client";

/** `onProgress` gets the fraction sent (0–1), or null when the browser can't tell. */
export function uploadForm<T>(path: string, form: FormData, onProgress: (fraction: number | null) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_BASE}${path}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => onProgress(event.lengthComputable ? event.loaded / event.total : null);
    xhr.onerror = () => reject(noAnswer());
    xhr.ontimeout = xhr.onerror;
    xhr.onload = () => {
      const parsed = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as T);
      else reject(errorFromAnswer(xhr.status, parsed));
    };
    xhr.send(form);
  });
}

/** GETs a file; the name comes from Content-Disposition when the server gives one. */
export function downloadFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", `${API_BASE}${path}`);
    xhr.responseType = "blob";
    xhr.onerror = () => reject(noAnswer());
    xhr.onload = async () => {
      const blob = xhr.response as Blob;
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ blob, fileName: fileNameOf(xhr.getResponseHeader("Content-Disposition")) });
      } else {
        reject(errorFromAnswer(xhr.status, parseJson(await blob.text())));
      }
    };
    xhr.send();
  });
}

export function fileNameOf(disposition: string | null): string | null {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
