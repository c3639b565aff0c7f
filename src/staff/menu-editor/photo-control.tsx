import { useEffect, useId, useState } from "react";
import { FilePicker } from "../../shared/controls";
import { PHOTO_MAX_BYTES, PHOTO_MEDIA_TYPES } from "../../../contract/photos";
import type { Photo } from "../../../contract/schemas";
import { FormField } from "../../shared/form-field";
import { photoWords } from "./menu-editor-words";

/** What Save does to the dish's photo: nothing, put this file in its place, or take it off. */
export type PhotoChange = { kind: "keep" } | { kind: "replace"; file: File } | { kind: "remove" };
export const KEEP_PHOTO: PhotoChange = { kind: "keep" };

/** Why a file cannot be a dish photo, before it is sent; null when the server may judge it. */
export function photoFileProblem(file: Pick<File, "size" | "type">): string | null {
  if (!(PHOTO_MEDIA_TYPES as readonly string[]).includes(file.type)) return photoWords.wrongType;
  if (file.size > PHOTO_MAX_BYTES) return photoWords.tooLarge;
  return null;
}

interface PhotoControlProps {
  /** The dish's name as the form has it ("" for a new one). */
  dishName: string;
  /** The photo the server has now. */
  current: Photo | null;
  change: PhotoChange;
  onChange(change: PhotoChange): void;
  /** The server's refusal of the file, after Save. */
  error: string | null;
  /** While Save sends the file: the fraction sent (null: not known); undefined otherwise. */
  progress: number | null | undefined;
  disabled: boolean;
}

/**
 * A dish's photo in the product form (docs/decisions/0025-dish-photos.md): the current one, a file
 * field (on a phone or tablet it offers the camera) whose file is previewed here and sent only when
 * the dish is saved, and Remove, also done on Save. Cancel leaves the photo as it was. A file that is
 * not a JPEG, PNG or WebP image or is too large is refused on the field before anything is sent.
 */
export function PhotoControl({ dishName, current, change, onChange, error, progress, disabled }: PhotoControlProps) {
  const id = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const file = change.kind === "replace" ? change.file : null;
  const preview = useObjectUrl(file);
  const dish = dishName.trim() || photoWords.thisDish;

  return (
    <fieldset className="menu-editor__photo-control">
      <legend>{photoWords.legend}</legend>
      {preview ? (
        <img className="menu-editor__photo-preview" src={preview} alt={photoWords.newPhotoAlt(dish)} />
      ) : current && change.kind === "keep" ? (
        <img
          className="menu-editor__photo-preview"
          src={current.url}
          srcSet={current.srcset}
          sizes="12rem"
          width={current.width}
          height={current.height}
          alt={photoWords.currentPhotoAlt(dish)}
        />
      ) : (
        <p className="staff-notice">{change.kind === "remove" ? photoWords.removedOnSave : photoWords.none}</p>
      )}
      <FormField
        id={`${id}-photo`}
        label={photoWords.label}
        hint={file ? photoWords.savedWithDish : photoWords.hint(Boolean(current))}
        error={refusal ?? error}
      >
        {(props) => (
          <FilePicker
            {...props}
            chooseLabel={photoWords.choose(dish)}
            fileName={file?.name ?? null}
            noneLabel={photoWords.noneChosen}
            name="photo"
            accept={PHOTO_MEDIA_TYPES.join(",")}
            disabled={disabled}
            onChange={(event) => {
              const picked = event.target.files?.[0];
              // The input holds nothing: the form's state is the one place the chosen file is kept.
              event.target.value = "";
              if (!picked) return;
              const problem = photoFileProblem(picked);
              setRefusal(problem);
              if (!problem) onChange({ kind: "replace", file: picked });
            }}
          />
        )}
      </FormField>
      <div className="staff-actions">
        {change.kind !== "keep" && (
          <button type="button" className="staff-button" disabled={disabled} onClick={() => onChange(KEEP_PHOTO)}>
            {current ? photoWords.keepCurrent : photoWords.noPhoto}
          </button>
        )}
        {current && change.kind !== "remove" && (
          <button
            type="button"
            className="staff-button staff-button--danger"
            disabled={disabled}
            onClick={() => onChange({ kind: "remove" })}
          >
            {photoWords.remove}
          </button>
        )}
      </div>
      <p role="status" className="menu-editor__photo-status">
        {progress === undefined ? "" : progress !== null && progress < 1 ? photoWords.uploading(progress) : photoWords.resizing}
      </p>
    </fieldset>
  );
}

/** An object URL for the file while it is shown, released when it is not. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}
