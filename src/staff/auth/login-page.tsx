import { useEffect, useRef, useState, type FormEvent } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { staffApi } from "../lib/staff-api";
import { ApiError, asApiError, clientError } from "../../shared/api-client";
import { ProblemMessage } from "../lib/problem-message";
import { useDocumentTitle } from "../../shared/use-document-title";
import { validateLogin, type LoginErrors } from "../../../contract/form-rules";
import { redirectTarget } from "./redirect-target";
import { useSession } from "./session-store";
import "../layout/staff.css";

/** Staff sign-in. The server sets the HttpOnly session cookie; the token in the body is ignored on purpose. */
export default function LoginPage() {
  useDocumentTitle("Sign in · Limitless staff");
  const location = useLocation();
  const target = redirectTarget(location.state);
  const status = useSession((state) => state.status);
  const check = useSession((state) => state.check);
  const signedIn = useSession((state) => state.signedIn);

  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<LoginErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Already signed in (another tab, or an earlier visit)? Then this page only redirects.
  useEffect(() => {
    if (useSession.getState().status !== "signed-in") void check();
  }, [check]);

  if (status === "signed-in") return <Navigate to={target} replace />;

  const revalidate = (nextEmail: string, nextPassword: string) => {
    if (attempted) setErrors(validateLogin(nextEmail, nextPassword));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setProblem(null);
    const found = validateLogin(email, password);
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();

    setSubmitting(true);
    try {
      await staffApi.login({ email: email.trim(), password });
      signedIn(await staffApi.currentUser());
    } catch (error) {
      setSubmitting(false);
      setProblem(loginProblem(error));
      if (error instanceof ApiError && error.status === 401) {
        setPassword("");
        passwordRef.current?.focus();
      }
    }
  };

  return (
    <section className="staff-auth" aria-labelledby="login-title">
      <h1 id="login-title">Staff sign in</h1>
      <form className="staff-form" noValidate onSubmit={submit}>
        <div className="staff-field">
          <label htmlFor="login-email">Email</label>
          <input
            ref={emailRef}
            id="login-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "login-email-error" : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              revalidate(event.target.value, password);
            }}
          />
          {errors.email && (
            <p id="login-email-error" className="staff-field__error">
              {errors.email}
            </p>
          )}
        </div>
        <div className="staff-field">
          <label htmlFor="login-password">Password</label>
          <input
            ref={passwordRef}
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? "login-password-error" : undefined}
            onChange={(event) => {
              setPassword(event.target.value);
              revalidate(email, event.target.value);
            }}
          />
          {errors.password && (
            <p id="login-password-error" className="staff-field__error">
              {errors.password}
            </p>
          )}
        </div>
        <ProblemMessage problem={problem} />
        <button type="submit" className="staff-button staff-button--primary" disabled={submitting}>
          {submitting ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </section>
  );
}

/** A refused sign-in is a 401 too, but no session ended: it is said as the screen's own words. */
function loginProblem(error: unknown): ApiError {
  if (error instanceof ApiError) {
    if (error.status === 401) return clientError("Wrong email or password. Check both and try again.");
    if (error.status === 429) return clientError("Too many sign-in attempts. Wait a few minutes, then try again.");
  }
  return asApiError(error);
}
