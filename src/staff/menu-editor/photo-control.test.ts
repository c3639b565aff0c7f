import { describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "../../../contract/photos";
import { photoWords } from "./menu-editor-words";
import { photoFileProblem } from "./photo-control";

describe("a dish photo checked before it is sent", () => {
  it("takes a JPEG, PNG or WebP image up to the limit", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp"]) expect(photoFileProblem({ type, size: PHOTO_MAX_BYTES })).toBeNull();
  });
  it("refuses another type (HEIC, SVG, PDF, none) and a file over the limit", () => {
    for (const type of ["image/heic", "image/svg+xml", "application/pdf", ""]) {
      expect(photoFileProblem({ type, size: 1000 })).toBe(photoWords.wrongType);
    }
    expect(photoFileProblem({ type: "image/jpeg", size: PHOTO_MAX_BYTES + 1 })).toBe(photoWords.tooLarge);
  });
});
