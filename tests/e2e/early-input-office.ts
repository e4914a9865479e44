import type { Page } from "@playwright/test";
import { earlyPage, isHydrated, MOMENTS, seedOf, type EarlyPage } from "./early-input.ts";
import { expect, test, unique } from "./fixtures.ts";
import type { Role } from "../../app/modules/users/roles.ts";

/*
 * Decision 025's fixture for the back office and the pages a signed-in member or a visitor uses
 * there (early-input-office.spec.ts, early-input-pm.spec.ts): each control used in each moment,
 * its result checked once, no dialog of the browser and no page error.
 */

/** The posts the page sent to a path (React Router's data requests end in ".data"). */
export const postsTo = (early: EarlyPage, path: string) => early.posts.filter((sent) => sent === path || sent === `${path}.data`);

/** An Arabic name of the test's own, without digits (the digits spec reads the lists too). */
export function arabicName(prefix: string) {
  const letters = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي";
  const id = unique();
  return `${prefix} ${[...id].map((char) => letters[char.charCodeAt(0) % letters.length]).join("")}`;
}

export interface OfficeControl {
  name: string;
  /** Who is signed in; none for the sign-in page and the public pages. */
  role?: Role;
  /** The page, or how to find it (a row of the demo's, or one the test makes). */
  path: string | (() => Promise<string>);
  /** What the member does, whatever the page's state; returns what the check needs. */
  use(page: Page): Promise<string>;
  /** Once hydrated: the result, once. */
  check(page: Page, early: EarlyPage, mine: string): Promise<void>;
}

export const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** Each control in each moment (decision 025): the chunks let go after the use, as React starts hydrating, at a seeded random moment. */
export function runOfficeControls(controls: OfficeControl[]) {
  test.describe.configure({ timeout: 90_000 });
  for (const control of controls) {
    test.describe(control.name, () => {
      // One control's moments in order, in one worker: they may write the same row (retried one by one).
      test.describe.configure({ mode: "default" });
      for (const moment of MOMENTS) {
        test(`${control.name}, the chunks let go ${moment}: its result once, nothing lost, no error`, async ({ page, signedInAs }, info) => {
          if (control.role) await signedInAs(control.role);
          const seed = seedOf(info.title);
          const early = await earlyPage(page, moment, seed);
          info.annotations.push({ type: "seed", description: `${seed} (random delay ${early.delay} ms)` });
          await early.open(typeof control.path === "string" ? control.path : await control.path());
          await early.letGo();
          if (moment === "held") expect(await isHydrated(page)).toBe(false);
          const mine = await control.use(page);
          await early.hydrated();
          await control.check(page, early, mine);
          expect(early.problems).toEqual([]);
        });
      }
    });
  }
}
