'use client'

import { useState } from 'react'

import { useAdmin } from '../api'
import type { CampaignProgress } from '../types'

/** How often a running campaign's progress is read again. */
export const POLL_MS = 1500

/** A campaign still moving: its copies being queued or waiting to be sent. */
const isRunning = (campaign: CampaignProgress) => campaign.status === 'sending'

/** A scheduled campaign whose time is within a minute (or past): it is about to start. */
const isDueSoon = (campaign: CampaignProgress) =>
  campaign.status === 'scheduled' && Date.parse(campaign.scheduledAt ?? '') - Date.now() < 60_000

const pollEvery = (latest: { data: CampaignProgress[] }) =>
  latest.data.some(isRunning) ? POLL_MS : latest.data.some(isDueSoon) ? 5 * POLL_MS : 0

/**
 * The recent campaigns, read again every POLL_MS while one runs (slower while one is about to
 * start); `onProgress` is called with each reading of a running campaign and with the reading
 * that finds it finished.
 */
export function useCampaigns(onProgress?: () => void) {
  // A number set from each answer: swr restarts its timer when the interval changes, while an
  // interval given as a function is first asked before any answer, and its 0 then never polls.
  const [pollMs, setPollMs] = useState(0)
  return useAdmin<{ data: CampaignProgress[] }>('/api/admin/campaigns', {
    refreshInterval: pollMs,
    onSuccess: (latest) => {
      setPollMs(pollEvery(latest))
      if (latest.data.some(isRunning) || pollMs === POLL_MS) onProgress?.()
    },
  })
}
