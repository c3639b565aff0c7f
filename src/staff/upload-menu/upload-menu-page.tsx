/** Placeholder: Upload menu — built in its own issue. */
export default function UploadMenuPage() {
  return <h1>Upload menu</h1>;
}
