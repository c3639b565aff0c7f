import { useId, useRef, useState } from "react";
import { FilePicker } from "../../shared/controls";
import { flushSync } from "react-dom";
import { PHOTO_MAX_BYTES, PHOTO_MEDIA_TYPES } from "../../../contract/photos";
import type { Product } from "../../../contract/schemas";
import { asApiError } from "../../shared/api-client";
import { FormField } from "../../shared/form-field";
import { staffApi } from "../lib/staff-api";

type Busy = { kind: "uploading"; progress: number | null } | { kind: "removing" } | null;

interface PhotoControlProps {
  product: Product;
  /** The server has the product's new photo (or none): the menu is read again. */
  onChanged(): void;
}

/**
 * A product's photo in the menu editor (docs/decisions/0025-dish-photos.md): the current one, a file
 * field that uploads as soon as a file is chosen (on a phone or tablet it offers the camera), and
 * Remove. A refused file shows the server's reason on the field. The photo is saved on its own, not
 * with the product form it sits in.
 */
export function PhotoControl({ product, onChanged }: PhotoControlProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const photo = product.photo;

  const change = async (work: () => Promise<unknown>, done: string) => {
    setError(null);
    setStatus("");
    try {
      await work();
      setStatus(done);
      onChanged();
    } catch (failure) {
      setError(asApiError(failure).message);
    } finally {
      // Drawn at once, the field enabled again and its error (if any) on it: focus goes back to the
      // field when it was on this control (disabled while busy; Remove may be about to go) or fell to
      // the page, but not when the manager has moved on to another field meanwhile.
      flushSync(() => setBusy(null));
      if (input.current) input.current.value = "";
      const focused = document.activeElement;
      if (!focused || focused === document.body || input.current?.closest("fieldset")?.contains(focused)) input.current?.focus();
    }
  };

  const upload = (file: File) => {
    if (file.size > PHOTO_MAX_BYTES) {
      // The server would refuse it too (413), after the whole file had crossed the restaurant's Wi-Fi.
      setError(`The file is too large; the limit is ${PHOTO_MAX_BYTES / (1024 * 1024)} MB.`);
      return;
    }
    setBusy({ kind: "uploading", progress: 0 });
    void change(
      () => staffApi.uploadProductPhoto(product.id, file, (progress) => setBusy({ kind: "uploading", progress })),
      "Photo saved.",
    );
  };

  const remove = () => {
    setBusy({ kind: "removing" });
    void change(() => staffApi.deleteProductPhoto(product.id), "Photo removed.");
  };

  return (
    <fieldset className="menu-editor__photo-control">
      <legend>Photo</legend>
      {photo ? (
        <img
          className="menu-editor__photo-preview"
          src={photo.url}
          srcSet={photo.srcset}
          sizes="12rem"
          width={photo.width}
          height={photo.height}
          alt={`Current photo of ${product.name}`}
        />
      ) : (
        <p className="staff-notice">No photo yet.</p>
      )}
      <FormField
        id={`${id}-photo`}
        label="Upload photo"
        hint={`JPEG, PNG or WebP, up to ${PHOTO_MAX_BYTES / (1024 * 1024)} MB${photo ? "; it replaces the current one" : ""}.`}
        error={error}
      >
        {(props) => (
          <FilePicker
            {...props}
            ref={input}
            chooseLabel={`Choose a photo of ${product.name}`}
            fileName={null}
            noneLabel={photo ? "Replaces the photo above" : "No photo chosen"}
            name="photo"
            accept={PHOTO_MEDIA_TYPES.join(",")}
            disabled={busy !== null}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload(file);
            }}
          />
        )}
      </FormField>
      {photo && (
        <div className="staff-actions">
          <button type="button" className="staff-button staff-button--danger" disabled={busy !== null} onClick={remove}>
            Remove photo
          </button>
        </div>
      )}
      <p role="status" className="menu-editor__photo-status">
        {busy?.kind === "uploading"
          ? busy.progress !== null && busy.progress < 1
            ? `Uploading the photo… ${Math.round(busy.progress * 100)}%`
            : "Resizing the photo…"
          : busy?.kind === "removing"
            ? "Removing the photo…"
            : status}
      </p>
    </fieldset>
  );
}
