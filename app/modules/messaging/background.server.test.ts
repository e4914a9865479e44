import { expect, it } from "vitest";
import { notifyInBackground, settleBackgroundNotifications } from "./background.server.ts";

const later = (ms: number, then: () => void = () => undefined) => new Promise<void>((resolve) => setTimeout(() => resolve(then()), ms));

it("a stopping server waits for the messages still being sent, those that start meanwhile too", async () => {
  const sent: string[] = [];
  void notifyInBackground("first", () => later(100, () => void sent.push("first")));
  void notifyInBackground("failing", () => later(50).then(() => Promise.reject(new Error("mail server down"))));
  // A request answered while the server stops starts one more.
  void later(20, () => void notifyInBackground("second", () => later(150, () => void sent.push("second"))));
  expect(await settleBackgroundNotifications(5_000)).toBe(0);
  expect(sent.toSorted()).toEqual(["first", "second"]);
  expect(await settleBackgroundNotifications(5_000)).toBe(0); // nothing left: at once
});

it("gives up after the time limit and says how many were left", async () => {
  let finish!: () => void;
  const stuck = notifyInBackground("stuck", () => new Promise<void>((resolve) => (finish = resolve)));
  const started = Date.now();
  expect(await settleBackgroundNotifications(100)).toBe(1);
  expect(Date.now() - started).toBeLessThan(1_000);
  finish();
  await stuck;
  expect(await settleBackgroundNotifications(100)).toBe(0);
});
