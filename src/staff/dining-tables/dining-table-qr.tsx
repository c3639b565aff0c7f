import { QRCodeCanvas } from "qrcode.react";
import { useRef, useState } from "react";
import type { DiningTable } from "../../../contract/schemas";
import { fileSlug, saveBlob } from "../lib/save-file";
import { tableLabel } from "../lib/table-label";

/** Drawn large and shown small, so the downloaded PNG is sharp enough to print. */
const QR_PIXELS = 480;

/**
 * A table's QR code (black on white with the standard 4-module quiet zone, whatever the theme) and
 * its link in words. `data-qr-value` carries the encoded link for tools and tests.
 */
export function DiningTableQr({ diningTable, link }: { diningTable: DiningTable; link: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async () => {
    setFailure(null);
    try {
      if (!canvasRef.current) throw new Error("The QR code is not drawn yet.");
      const blob = await qrCardPng(canvasRef.current, diningTable.codename);
      saveBlob(blob, `table-${fileSlug(diningTable.codename)}-qr.png`);
    } catch (error) {
      setFailure(`Could not create the image: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <figure className="dining-table-qr" data-qr-value={link}>
      <QRCodeCanvas
        ref={canvasRef}
        className="dining-table-qr__code"
        value={link}
        size={QR_PIXELS}
        marginSize={4}
        level="M"
        bgColor="#ffffff"
        fgColor="#000000"
        role="img"
        aria-label={`QR code for ${diningTable.codename}, opens ${link}`}
        style={{ width: "100%", height: "auto" }}
      />
      <figcaption>
        <a href={link} className="dining-table-qr__link">
          {link}
        </a>
      </figcaption>
      <button type="button" className="staff-button" onClick={() => void download()}>
        Download QR (PNG)<span className="visually-hidden"> for {diningTable.codename}</span>
      </button>
      {failure && (
        <p className="staff-field__error" role="alert">
          {failure}
        </p>
      )}
    </figure>
  );
}

/** The QR code on a white card with the table's name under it, as a PNG. */
async function qrCardPng(qr: HTMLCanvasElement, codename: string): Promise<Blob> {
  const size = 720;
  const pad = 48;
  const caption = 110;
  const canvas = document.createElement("canvas");
  canvas.width = size + pad * 2;
  canvas.height = size + pad * 2 + caption;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot draw images.");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingEnabled = false; // keep module edges crisp
  context.drawImage(qr, pad, pad, size, size);
  context.fillStyle = "#000000";
  context.textAlign = "center";
  context.font = "bold 64px system-ui, sans-serif";
  context.fillText(tableLabel(codename), canvas.width / 2, size + pad + 80, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the browser returned no image"))), "image/png"),
  );
}
