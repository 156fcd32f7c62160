import { z } from 'zod'

import { ROUTE_PATTERNS } from '@/lib/routes'
import {
  CONNECTION_TYPES,
  DEVICE_CLASSES,
  VITAL_METRICS,
  VITAL_NAMES,
  VITAL_RANGES,
  type VitalMetric,
} from '@/lib/vitals'

const metric = (name: VitalMetric) =>
  z
    .number({ error: `${VITAL_NAMES[name]} must be a number` })
    .min(0, { error: `${VITAL_NAMES[name]} must be at least 0` })
    .max(VITAL_RANGES[name].max, {
      error: `${VITAL_NAMES[name]} must be at most ${VITAL_RANGES[name].max}`,
    })
    .optional()

/**
 * One page view's Web Vitals as the tracker sends them when the page is hidden (decision 0220):
 * the route's pattern (a known one, never an address), the device class, the connection type when
 * the browser tells it, and the metrics measured. Nothing else is accepted: no address, no session.
 */
export const vitalsBeaconSchema = z
  .strictObject(
    {
      route: z.enum(ROUTE_PATTERNS, { error: 'Unknown route' }),
      device: z.enum(DEVICE_CLASSES, { error: 'Device must be mobile, tablet or desktop' }),
      connection: z.enum(CONNECTION_TYPES, { error: 'Unknown connection type' }).optional(),
      lcp: metric('lcp'),
      inp: metric('inp'),
      cls: metric('cls'),
      fcp: metric('fcp'),
      ttfb: metric('ttfb'),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : undefined,
    },
  )
  .refine((beacon) => VITAL_METRICS.some((name) => beacon[name] !== undefined), {
    error: 'A beacon needs at least one metric',
    path: ['lcp'],
  })

export type VitalsBeacon = z.input<typeof vitalsBeaconSchema>
