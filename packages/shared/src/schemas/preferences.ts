import { z } from 'zod';

export const ZPreferences = z.object({
  show_label: z.boolean().default(true),
  show_legend: z.boolean().default(true),
  show_stations: z.boolean().default(false),
  sync_panel: z.boolean().default(true),
  map_size: z.enum(['Equal', 'FullMap', 'FullPanel']).default('Equal'),
  layers: z.array(z.string().max(200)).max(100).default([]),
  dark_theme: z.boolean().default(false),
});
export type TPreferences = z.infer<typeof ZPreferences>;
export const DEFAULT_PREFERENCES: TPreferences = ZPreferences.parse({});
