/**
 * The staff calls that move files: uploads (the menu CSV, a dish photo: they need upload progress,
 * which fetch can't report) and the CSV exports (a file, not JSON). Both use XMLHttpRequest and fail
 * with the same ApiError as `call`, so callers handle every failure the same way.
 */
import type { ApiRouteName } from "../../contract/api-routes";
import type { AddressOf, AnswerOf, Endpoints } from "../../contract/endpoints";
import { API_BASE, errorFromAnswer, noAnswer, parseJson, pathOf, routeOf } from "./api-client";

/** Sends `form` to the endpoint `name`; `onProgress` gets the fraction sent (0–1), or null when the browser can't tell. */
export function uploadForm<K extends ApiRouteName>(
  name: K,
  request: AddressOf<Endpoints[K]>,
  form: FormData,
  onProgress: (fraction: number | null) => void,
): Promise<AnswerOf<Endpoints[K]>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(routeOf(name).method, `${API_BASE}${pathOf(name, request)}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => onProgress(event.lengthComputable ? event.loaded / event.total : null);
    xhr.onerror = () => reject(noAnswer());
    xhr.ontimeout = xhr.onerror;
    xhr.onload = () => {
      const parsed = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as AnswerOf<Endpoints[K]>);
      else reject(errorFromAnswer(xhr.status, parsed));
    };
    xhr.send(form);
  });
}

/** Fetches the file the endpoint `name` answers with; its name comes from Content-Disposition when the server gives one. */
export function downloadFile<K extends ApiRouteName>(
  name: K,
  request: AddressOf<Endpoints[K]>,
): Promise<{ blob: Blob; fileName: string | null }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(routeOf(name).method, `${API_BASE}${pathOf(name, request)}`);
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
