/** A staff form's Save and Cancel, both held while the save is on its way. */
export function FormActions({ saving, submitLabel, onCancel }: { saving: boolean; submitLabel: string; onCancel: () => void }) {
  return (
    <div className="staff-actions">
      <button type="submit" className="staff-button staff-button--primary" disabled={saving}>
        {saving ? "Saving…" : submitLabel}
      </button>
      <button type="button" className="staff-button" onClick={onCancel} disabled={saving}>
        Cancel
      </button>
    </div>
  );
}
