import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { backupFileName } from "./backup-service";

describe("backup and durability settings", () => {
  it("default to data/backups, every 60 minutes, 48 kept, and FULL on SQLite", () => {
    const config = loadConfig({});
    expect(config.backupDir).toBe(resolve(join("data", "backups")));
    expect(config.backupEveryMinutes).toBe(60);
    expect(config.backupKeep).toBe(48);
    expect(config.sqliteSynchronous).toBe("FULL");
  });

  it("read BACKUP_DIR, BACKUP_EVERY_MINUTES (0 = never), BACKUP_KEEP and SQLITE_SYNCHRONOUS", () => {
    const config = loadConfig({ BACKUP_DIR: "/srv/backups", BACKUP_EVERY_MINUTES: "0", BACKUP_KEEP: "7", SQLITE_SYNCHRONOUS: "normal" });
    expect(config).toMatchObject({ backupDir: "/srv/backups", backupEveryMinutes: 0, backupKeep: 7, sqliteSynchronous: "NORMAL" });
  });

  it.each([
    [{ BACKUP_EVERY_MINUTES: "-5" }, /BACKUP_EVERY_MINUTES must be a whole number from 0/],
    [{ BACKUP_EVERY_MINUTES: "1.5" }, /BACKUP_EVERY_MINUTES/],
    [{ BACKUP_KEEP: "0" }, /BACKUP_KEEP must be a whole number from 1/],
    [{ SQLITE_SYNCHRONOUS: "OFF" }, /SQLITE_SYNCHRONOUS must be one of NORMAL, FULL/],
  ])("refuse %j at start-up, saying why", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("name backups by their UTC moment, so names sort as times do", () => {
    const at = new Date("2026-11-26T23:05:09.042Z");
    expect(backupFileName("sqlite", at)).toBe("limitless-20261126T230509042Z.sqlite");
    expect(backupFileName("postgres", at, "-2")).toBe("limitless-20261126T230509042Z-2.pgdump");
    expect(backupFileName("sqlite", new Date("2026-11-26T23:05:10Z")) > backupFileName("sqlite", at)).toBe(true);
  });
});
