import { useState, type FormEvent } from "react";
import { PIN_PATTERN } from "../../../contract/roles";
import { Dialog } from "../../shared/dialog";
import { FormField, useFieldErrors } from "../../shared/form-field";
import { useWrite } from "../../shared/use-write";
import { ProblemMessage } from "../lib/problem-message";
import { staffApi } from "../lib/staff-api";
import { PinFields, pinProblem } from "./pin-fields";
import { useSession } from "./session-store";

/**
 * "Switch user" on a shared tablet: another person takes it over with their e-mail and PIN (POST
 * /api/session/switch), and the screens follow their role. The same dialog sets one's own PIN.
 */
export function SwitchUser() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [pin, setPin] = useState("");
  const [newPin, setNewPin] = useState("");
  const [notice, setNotice] = useState("");
  const { errors, setErrors, check } = useFieldErrors(["pin"] as const);
  const { run, busy, problem, setProblem } = useWrite();

  const close = () => {
    setOpen(false);
    setPin("");
    setNewPin("");
    setProblem(null);
    setErrors({});
    setNotice("");
  };

  const switchUser = async (event: FormEvent) => {
    event.preventDefault();
    const switched = await run(
      async () => {
        await staffApi.switchUser({ email: email.trim(), pin });
        // A refused PIN is a 401 too: only a success re-reads who is signed in, so a wrong PIN never signs the tablet out.
        useSession.getState().signedIn(await staffApi.currentUser());
      },
      { problem: pinProblem },
    );
    if (!switched) return;
    close();
    setEmail("");
  };

  const savePin = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check(event.currentTarget, PIN_PATTERN.test(newPin) ? {} : { pin: "A PIN is 4 to 8 digits." })) return;
    if (!(await run(() => staffApi.setOwnPin(newPin)))) return;
    setNotice("Your PIN is set.");
    setNewPin("");
  };

  return (
    <>
      <button type="button" className="staff-button" onClick={() => setOpen(true)}>
        Switch user
      </button>
      <Dialog open={open} onClose={close} className="staff-dialog" labelledBy="switch-user-title">
        <h2 id="switch-user-title">Switch user</h2>
        <form className="staff-form" onSubmit={(event) => void switchUser(event)}>
          <PinFields idPrefix="switch" whose="Your" email={email} pin={pin} onEmail={setEmail} onPin={setPin} />
          <div className="staff-actions">
            <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
              Take over this tablet
            </button>
            <button type="button" className="staff-button" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
        <form className="staff-form" onSubmit={(event) => void savePin(event)}>
          <FormField id="own-pin" label="Set my PIN (4–8 digits)" error={errors.pin}>
            {(props) => (
              <input
                {...props}
                type="password"
                inputMode="numeric"
                autoComplete="off"
                value={newPin}
                onChange={(e) => setNewPin(e.target.value)}
              />
            )}
          </FormField>
          <button type="submit" className="staff-button" disabled={busy}>
            Save my PIN
          </button>
        </form>
        <ProblemMessage problem={problem} />
        {notice && (
          <p className="staff-notice" role="status">
            {notice}
          </p>
        )}
      </Dialog>
    </>
  );
}
