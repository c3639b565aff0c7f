// Types for prepare.mjs, which stays plain JavaScript: it runs on a fresh clone before any install.
export const root: string;
export function ensureDependencies(): void;
export function ensureWebBuild(options?: { force?: boolean }): void;
export function ensureServerBuild(options?: { force?: boolean }): void;
export function ensureBuild(options?: { force?: boolean }): void;
