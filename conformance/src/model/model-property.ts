/**
 * The model-based property shared by the `command.model-*` checks: first a deterministic sweep
 * (model/sweep.ts), then random command sequences applied to the service and to the model,
 * random queries compared between the steps, and a full dump compared at the end of every run.
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
}

export async function runModelProperty(ctx: CheckContext, profile: Profile, options: ModelPropertyOptions = {}): Promise<void> {
  await withTestWorkspace(ctx, async (workspace) => {
    const driver = new ModelDriver(ctx, workspace.schema, `model-${profile}`, profile);
    // Every operator over every kind of path once, then random sequences.
    await runSweep(driver);
    const arbitrary = scenario(driver.shapes, { profile, maxSteps: options.maxSteps ?? 6, initial: options.initial ?? [7, 4] });
    await checkProperty(ctx, arbitrary, (s) => driver.runScenario(s));
  });
}
