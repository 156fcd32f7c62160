'use client'

import styled from 'styled-components'

import { apiFetch } from '../api'
import { notifyError, notifySuccess } from '../notify'
import { formatDateTime, labelOf } from '../parts'
import type { CampaignProgress } from '../types'
import { Button, Muted, Pill, PanelTitle, Row } from '../ui'
import { useCampaigns } from './useCampaigns'

const SEGMENTS = [
  { key: 'sent', label: 'sent', color: 'var(--theme-success-500, #2e7d32)' },
  { key: 'bounced', label: 'bounced', color: 'var(--theme-warning-500, #ed6c02)' },
  { key: 'failed', label: 'failed', color: 'var(--theme-error-500, #d32f2f)' },
  { key: 'skipped', label: 'skipped', color: 'var(--theme-elevation-400, #9e9e9e)' },
  { key: 'interrupted', label: 'interrupted', color: 'var(--theme-error-300, #e57373)' },
] as const

const STATUS_TONES = {
  draft: 'plain',
  scheduled: 'warning',
  sending: 'warning',
  paused: 'plain',
  sent: 'success',
  cancelled: 'error',
} as const

/**
 * The composer's campaigns, newest first, each with a progress bar (sent, bounced, failed and
 * skipped of the total; the rest still queued) that is read again while any campaign runs.
 */
export function CampaignsPanel({ onProgress }: { onProgress?: () => void }) {
  const campaigns = useCampaigns(onProgress)
  const list = campaigns.data?.data ?? []
  if (list.length === 0) return null

  const change = async (campaign: CampaignProgress, action: Action) => {
    try {
      await apiFetch(`/api/admin/campaigns/${campaign.id}/${action}`, { method: 'POST' })
      notifySuccess(ACTIONS[action].done, campaign.subject ?? undefined)
      await campaigns.mutate()
    } catch (error) {
      notifyError(ACTIONS[action].failed, error)
    }
  }

  return (
    <section aria-label="Campaigns">
      <PanelTitle>Campaigns</PanelTitle>
      <List>
        {list.map((campaign) => (
          <CampaignRow
            key={campaign.id}
            campaign={campaign}
            onChange={(action) => change(campaign, action)}
          />
        ))}
      </List>
    </section>
  )
}

const ACTIONS = {
  pause: { label: 'Pause', done: 'Campaign paused', failed: 'Pause failed' },
  resume: { label: 'Resume', done: 'Campaign resumed', failed: 'Resume failed' },
  cancel: { label: 'Cancel', done: 'Campaign cancelled', failed: 'Cancel failed' },
} as const

type Action = keyof typeof ACTIONS

/** What can be done to a campaign in each status. */
const ACTIONS_OF: Record<CampaignProgress['status'], Action[]> = {
  draft: [],
  scheduled: ['cancel'],
  sending: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  sent: [],
  cancelled: [],
}

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })

function CampaignRow({
  campaign,
  onChange,
}: {
  campaign: CampaignProgress
  onChange: (action: Action) => void
}) {
  const { total } = campaign
  const done =
    campaign.sent + campaign.bounced + campaign.failed + campaign.skipped + campaign.interrupted
  const percent =
    total > 0 ? Math.floor((100 * done) / total) : campaign.status === 'sent' ? 100 : 0
  // A campaign that never started (scheduled, or cancelled before its time) shows its time.
  const when =
    campaign.scheduledAt && total === 0
      ? `scheduled for ${formatDateTime(campaign.scheduledAt)}`
      : `started ${formatDateTime(campaign.scheduledAt ?? campaign.createdAt)}`
  return (
    <li data-campaign={campaign.id} data-status={campaign.status}>
      <Row>
        <strong>{campaign.subject ?? 'Untitled'}</strong>
        <Pill tone={STATUS_TONES[campaign.status]}>{labelOf(campaign.status)}</Pill>
        <Muted>
          {campaign.audience} · {when}
        </Muted>
        {ACTIONS_OF[campaign.status].map((action) => (
          <Button
            key={action}
            mutates
            variant={action === 'cancel' ? 'danger' : undefined}
            onClick={() => onChange(action)}
          >
            {ACTIONS[action].label}
          </Button>
        ))}
      </Row>
      <Bar
        role="progressbar"
        aria-label={`Progress of ${campaign.subject ?? 'campaign'}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        {SEGMENTS.map(({ key, color }) =>
          campaign[key] > 0 && total > 0 ? (
            <span
              key={key}
              style={{ width: `${(100 * campaign[key]) / total}%`, background: color }}
            />
          ) : null,
        )}
      </Bar>
      <Muted>
        {total === 0 && campaign.status === 'scheduled'
          ? 'Waiting for its time; it can be cancelled until then.'
          : total === 0 && campaign.status === 'cancelled'
            ? 'Cancelled before it started: nothing was sent.'
            : `${percent} % · ${done} of ${total} done · ${campaign.sent} sent · ` +
              `${campaign.failed} failed · ${campaign.remaining} remaining · ` +
              `${campaign.interrupted} interrupted · ${campaign.bounced} bounced · ` +
              `${campaign.skipped} skipped · ${campaign.unsubscribed} unsubscribed`}
      </Muted>
      {campaign.status === 'sending' && total > 0 && (
        <Muted data-rate>
          {campaign.ratePerSecond > 0
            ? `${campaign.ratePerSecond.toFixed(1)} messages/s · finishes about ${timeOf(campaign.estimatedFinishAt ?? new Date().toISOString())}`
            : 'Waiting for the mail server…'}
        </Muted>
      )}
      {campaign.interrupted > 0 && (
        <Muted>
          {`${campaign.interrupted} interrupted: an instance stopped while handing them to the ` +
            'mail server, so whether they arrived is unknown; they were not sent again.'}
        </Muted>
      )}
    </li>
  )
}

const List = styled.ul`
  display: grid;
  gap: 14px;
  margin: 8px 0 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    gap: 6px;
  }
`

const Bar = styled.div`
  display: flex;
  height: 10px;
  overflow: hidden;
  border-radius: 5px;
  background: var(--theme-elevation-100);
  span {
    height: 100%;
    transition: width 0.4s ease;
  }
`
