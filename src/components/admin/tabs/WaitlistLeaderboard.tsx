'use client'

import styled from 'styled-components'

import { adminPath, useAdmin } from '../api'
import { DataState, LABELS, labelOf } from '../parts'
import type { WaitlistLeaderboard as Leaderboard } from '../types'
import { Muted, PanelTitle } from '../ui'

/**
 * The referral leaderboard of the chosen product (or of each product): the people with the most
 * confirmed referrals and their current place in line (decision 0119).
 */
export function WaitlistLeaderboard({ product }: { product: string }) {
  const board = useAdmin<{ data: Leaderboard }>(adminPath('waitlist/leaderboard', { product }))
  const lines = board.data?.data.filter((line) => product !== 'all' || line.entries.length > 0)
  return (
    <section aria-label="Referral leaderboard">
      <PanelTitle>Referral leaderboard</PanelTitle>
      <DataState
        isLoading={board.isLoading}
        error={board.error}
        isEmpty={lines?.every((line) => line.entries.length === 0) ?? false}
        empty="No confirmed referrals yet."
      >
        <Boards>
          {lines?.map((line) => (
            <div key={line.product}>
              <Muted>
                {labelOf(line.product, LABELS.product)} ·{' '}
                {line.placesPerReferral > 0
                  ? `${line.placesPerReferral} place${line.placesPerReferral === 1 ? '' : 's'} up per referral`
                  : 'referrals do not move people up'}
              </Muted>
              <ol>
                {line.entries.map((entry) => (
                  <li key={entry.id}>
                    <strong>{entry.name}</strong> ({entry.email}) · {entry.referrals} referral
                    {entry.referrals === 1 ? '' : 's'} · position {entry.position}
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </Boards>
      </DataState>
    </section>
  )
}

const Boards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 260px), 1fr));
  gap: 12px;
  overflow-wrap: anywhere;
  ol {
    margin: 6px 0 0;
    padding-left: 20px;
  }
`
