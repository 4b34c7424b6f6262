/**
 * How old a recorded interaction may be: durations such as `30d` or `12h`,
 * and which interactions of a cassette are past one. An interaction without a
 * recording date (written before cassettes recorded provenance) has no known
 * age and is never counted as expired; `scripted-agents check` reports it.
 *
 * @module
 */

import type { CassetteInteraction } from './cassette_types.ts';

const units: Record<string, number> = { h: 3_600_000, d: 86_400_000 };

/**
 * The milliseconds of a duration written as a number and a unit, `d` (days)
 * or `h` (hours): `30d`, `12h`, `1.5d`. `undefined` when `text` is not one.
 */
export function parseDuration(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([dh])\s*$/.exec(text);
  if (match === null) return undefined;
  return Number(match[1]) * units[match[2]];
}

/** When `interaction` was recorded, or `undefined` when it does not say (or says nonsense). */
export function recordedAt(interaction: CassetteInteraction): Date | undefined {
  const at = interaction.recorded?.at;
  if (typeof at !== 'string') return undefined;
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** One interaction past the maximum age. */
export interface ExpiredInteraction {
  index: number;
  model: string;
  recordedAt: string;
}

/** The interactions recorded more than `maxAgeMs` before `now`, in cassette order. */
export function expiredInteractions(
  interactions: readonly CassetteInteraction[],
  maxAgeMs: number,
  now: Date,
): ExpiredInteraction[] {
  const expired: ExpiredInteraction[] = [];
  interactions.forEach((interaction, index) => {
    const at = recordedAt(interaction);
    if (at !== undefined && now.getTime() - at.getTime() > maxAgeMs) {
      expired.push({ index, model: interaction.model, recordedAt: interaction.recorded!.at });
    }
  });
  return expired;
}
