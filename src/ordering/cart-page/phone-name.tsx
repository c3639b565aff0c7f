import { useState } from "react";
import { useMessages } from "../../shared/i18n/i18n";
import { cartMessages } from "../cart-messages";
import { useCart } from "../cart/cart-store";

/** The name shown on this phone's lines for everyone at the table (blank: "Phone 2"). */
export function PhoneName() {
  const setName = useCart((state) => state.setName);
  const t = useMessages(cartMessages);
  // The name this phone last gave (queued, or as the server shows it on this phone's lines).
  const [name, setDraft] = useState(() => {
    const { shared, phoneId } = useCart.getState();
    const queued = shared.pending.filter((op) => op.type === "set_name").pop();
    if (queued?.type === "set_name") return queued.name;
    const own = shared.server?.lines.find((line) => line.phone_id === phoneId)?.phone_name ?? "";
    return /^Phone \d+$/.test(own) ? "" : own;
  });
  return (
    <form
      className="phone-name"
      onSubmit={(event) => {
        event.preventDefault();
        setName(name);
      }}
    >
      <label>
        {t.yourName}
        <input value={name} maxLength={24} autoComplete="given-name" onChange={(event) => setDraft(event.target.value)} />
      </label>
      <button type="submit" className="button-secondary">
        {t.saveName}
      </button>
    </form>
  );
}
