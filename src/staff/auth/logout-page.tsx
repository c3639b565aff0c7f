import { useCallback, useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { staffApi } from "../lib/staff-api";
import { ApiError } from "../../shared/api-client";
import { restated } from "../../shared/client-errors";
import { ProblemMessage } from "../lib/problem-message";
import { useDocumentTitle } from "../../shared/use-document-title";
import { useWrite } from "../../shared/use-write";
import { useSession } from "./session-store";
import "../layout/staff.css";

/**
 * Ends the session on the server (which revokes the token and clears the HttpOnly cookie), then
 * shows the sign-in form: a shared tablet is handed to the next person, not to the public site. If the server can't be reached the user is told so: they are NOT signed out yet.
 */
export default function LogoutPage() {
  useDocumentTitle("Sign out · Limitless staff");
  const navigate = useNavigate();
  const signedOut = useSession((state) => state.signedOut);
  const { run, problem } = useWrite();
  const started = useRef(false);

  const logout = useCallback(async () => {
    const ended = await run(async () => {
      try {
        await staffApi.logout();
      } catch (error) {
        // 401: the session was already gone, which is what we wanted.
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
    });
    if (!ended) return;
    signedOut();
    navigate("/login", { replace: true });
  }, [run, navigate, signedOut]);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    void logout();
  }, [logout]);

  return (
    <section className="staff-auth" aria-labelledby="logout-title">
      <h1 id="logout-title">Sign out</h1>
      {problem ? (
        <ProblemMessage problem={restated(problem, (message) => `You are still signed in. ${message}`)} onRetry={() => void logout()} />
      ) : (
        <p role="status">Signing out…</p>
      )}
    </section>
  );
}
