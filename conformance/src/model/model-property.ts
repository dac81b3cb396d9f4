/**
 * The model-based property shared by the `command.model-*` checks: first the deterministic
 * boundary sweep (model/sweep.ts), then random command sequences applied to the service and to the
 * model, random queries compared between the steps, and a full dump compared at the end of every
 * run. The quick profile spends its time on the sweep and makes one or two random runs.
 *
 * In the full profile ("if supported, then correct"), a command or operator beyond the contract
 * that the service names as unknown is left out of the run and reported at the end as unsupported;
 * everything else it answers must match the model.
 */
import type { CheckContext } from '../check.js';
import { checkProperty } from '../property.js';
import { withTestWorkspace } from '../workspace.js';
import { scenario, type Profile } from './arbitraries.js';
import { ModelDriver } from './driver.js';
import { runSweep } from './sweep.js';

export interface ModelPropertyOptions {
  /** Most steps (writes, batches, queries) after the initial creates. */
  maxSteps?: number;
  /** Most Entities created at the start, per Database (Items, Groups). */
  initial?: [number, number];
  /** Random runs in the quick profile (default 1). */
  quickRuns?: number;
}

export async function runModelProperty(ctx: CheckContext, profile: Profile, options: ModelPropertyOptions = {}): Promise<void> {
  await withTestWorkspace(ctx, async (workspace) => {
    const driver = new ModelDriver(ctx, workspace.schema, `model-${profile}`, profile);
    await runSweep(driver);
    // Random runs start by deleting the previous run's Entities: without svc.entity/delete they cannot.
    if (driver.support.has('svc.entity/delete')) {
      const arbitrary = scenario(driver.shapes, { profile, maxSteps: options.maxSteps ?? 6, initial: options.initial ?? [7, 4] });
      const numRuns = ctx.profile === 'quick' ? Math.min(ctx.fastCheck.numRuns, options.quickRuns ?? 1) : ctx.fastCheck.numRuns;
      await checkProperty(ctx, arbitrary, (s) => driver.runScenario(s), { numRuns });
    }
    driver.finishSupport();
  });
}
