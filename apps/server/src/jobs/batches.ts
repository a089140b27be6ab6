/**
 * Runs `step` again and again, each time on at most `batch` rows (the step answers how many it handled), until a step
 * handles fewer: a backlog is worked off in short transactions that each stay within the statement timeout. Answers
 * how many rows were handled in all. Used by the retention's deletes and the report folds.
 */
export async function inBatches(batch: number, step: (batch: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const handled = await step(batch);
    total += handled;
    if (handled < batch) return total;
  }
}
