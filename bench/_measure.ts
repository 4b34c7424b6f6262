/**
 * Side-by-side measurement: every repetition runs each variant once, in a
 * rotated order, so slow drift (JIT tiers, heap growth, a noisy neighbour on a
 * shared machine) hits all variants alike. Ratios are taken within one
 * repetition and then summarised, which cancels most of the drift that the
 * medians alone would show.
 *
 * @module
 */

import { cpuTime, forceGc, heapUsed } from './_runtime.ts';

/** Where a sample leaves the value whose retained heap is measured (for example the model). */
export interface Holder {
  value: unknown;
}

/**
 * One contender. `run` performs one complete sample and puts what must stay
 * alive into `holder` (not its return value: an async frame may keep its last
 * awaited value alive, which would leak one sample into the next one's heap).
 */
export interface Variant {
  readonly name: string;
  readonly run: (holder: Holder) => Promise<void>;
  /** Validates what the sample held, outside the timing; throws if the sample is wrong. */
  readonly check?: (held: unknown) => void;
}

/** Median and spread of a list of samples. */
export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  /** Half the interquartile range relative to the median, in percent. */
  readonly spreadPct: number;
  readonly samples: readonly number[];
}

/** The samples of one variant and its ratios to the baseline variant. */
export interface VariantResult {
  readonly name: string;
  /** Wall-clock time per sample. */
  readonly ms: Summary;
  /** Process CPU time per sample (all threads, so GC and JIT threads count). */
  readonly cpuMs: Summary;
  /** Per-repetition ratio of the CPU time to the baseline's (the first variant). */
  readonly ratio: Summary;
  /** The same ratio on wall-clock time. */
  readonly wallRatio: Summary;
  /** Bytes only the held value keeps alive after the sample, when requested. */
  readonly retained?: Summary;
}

/** Options of {@link compare}. */
export interface CompareOptions {
  readonly warmup: number;
  readonly repetitions: number;
  /** Also measure the heap retained by each sample's held value. */
  readonly heap?: boolean;
}

/** Percentile of an ascending array by linear interpolation. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 1) return sorted[0];
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/** Median, range and relative half-IQR of `samples`. */
export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = percentile(sorted, 0.5);
  const iqr = percentile(sorted, 0.75) - percentile(sorted, 0.25);
  return {
    median,
    min: sorted[0],
    max: sorted[sorted.length - 1],
    spreadPct: median === 0 ? 0 : Math.abs(iqr / 2 / median) * 100,
    samples,
  };
}

/** Resolves on a later macrotask, when no stack frame of the sample is left. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The bytes only `holder.value` keeps alive: the heap after a full GC with it,
 * minus the lowest heap after full GCs without it. Those GCs run on fresh
 * macrotasks: JavaScriptCore scans the native stack conservatively, and a
 * stale pointer left in a frame of the sample would keep the value alive.
 */
async function retainedBy(holder: Holder): Promise<number> {
  if (holder.value === undefined) throw new Error('the sample held nothing');
  forceGc();
  const withValue = heapUsed();
  holder.value = undefined;
  let without = Infinity;
  for (let attempt = 0; attempt < 4; attempt++) {
    await nextTask();
    forceGc();
    without = Math.min(without, heapUsed());
  }
  return withValue - without;
}

/**
 * Times each variant `repetitions` times after `warmup` untimed rounds. A full
 * GC runs before every sample (outside the timing) so no variant pays for the
 * previous one's garbage. The first variant is the baseline of the ratios.
 */
export async function compare(
  variants: readonly Variant[],
  options: CompareOptions,
): Promise<VariantResult[]> {
  const times = variants.map(() => [] as number[]);
  const cpu = variants.map(() => [] as number[]);
  const retained = variants.map(() => [] as number[]);
  const rounds = options.warmup + options.repetitions;
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < variants.length; k++) {
      // Rotate the order so no variant always runs first.
      const v = (round + k) % variants.length;
      forceGc();
      const holder: Holder = { value: undefined };
      const startCpu = cpuTime();
      const start = performance.now();
      await variants[v].run(holder);
      const elapsed = performance.now() - start;
      const elapsedCpu = cpuTime() - startCpu;
      variants[v].check?.(holder.value);
      if (round >= options.warmup) {
        times[v].push(elapsed);
        cpu[v].push(elapsedCpu);
        if (options.heap) retained[v].push(await retainedBy(holder));
      }
    }
  }
  return variants.map((variant, v) => ({
    name: variant.name,
    ms: summarize(times[v]),
    cpuMs: summarize(cpu[v]),
    ratio: summarize(cpu[v].map((ms, i) => ms / cpu[0][i])),
    wallRatio: summarize(times[v].map((ms, i) => ms / times[0][i])),
    ...(options.heap ? { retained: summarize(retained[v]) } : {}),
  }));
}
