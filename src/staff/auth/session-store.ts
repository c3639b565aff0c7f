/**
 * Who is signed in, as far as this tab knows. The session itself is the server's HttpOnly cookie,
 * which page scripts cannot read: we learn about it only by asking `GET /api/current_user`.
 */
import { create } from "zustand";
import { staffApi } from "../lib/staff-api";
import { ApiError, asApiError } from "../../shared/api-client";
import type { CurrentUser } from "../../../contract/schemas";

export type SessionStatus = "unknown" | "checking" | "signed-in" | "signed-out" | "failed";

interface SessionState {
  status: SessionStatus;
  email: string | null;
  /** Who, with role and branches: what the staff screens offer follows it (the server enforces it anyway). */
  user: CurrentUser | null;
  /** Why the check itself failed (offline, server down): not the same as "signed out". */
  error: ApiError | null;
  check(): Promise<void>;
  signedIn(user: CurrentUser): void;
  signedOut(): void;
}

let inFlight: Promise<void> | null = null;
/** Bumped by every sign-in / sign-out, so a check that started before one cannot undo it. */
let generation = 0;

export const useSession = create<SessionState>()((set) => ({
  status: "unknown",
  email: null,
  user: null,
  error: null,

  check() {
    inFlight ??= (async () => {
      const started = generation;
      const settle = (next: Partial<SessionState>) => {
        if (generation === started) set(next);
      };
      set((state) => (state.status === "signed-in" ? {} : { status: "checking", error: null }));
      try {
        const user = await staffApi.currentUser();
        settle({ status: "signed-in", email: user.logged_in_as, user });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) settle({ status: "signed-out", email: null, user: null });
        else settle({ status: "failed", error: asApiError(error) });
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  },

  signedIn(user) {
    generation += 1;
    set({ status: "signed-in", email: user.logged_in_as, user, error: null });
  },

  signedOut() {
    generation += 1;
    set({ status: "signed-out", email: null, user: null, error: null });
  },
}));
