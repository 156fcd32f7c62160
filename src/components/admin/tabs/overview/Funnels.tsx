'use client'

import styled from 'styled-components'

import { PRODUCTS } from '@/lib/constants'

import { SERIES_COLORS } from '../../charts'
import { LABELS, labelOf } from '../../parts'
import type { Overview } from '../../types'
import { Muted } from '../../ui'

type Funnel = Overview['funnels'][number]

const STEP_LABELS: Record<Funnel['steps'][number]['step'], string> = {
  visitors: 'Visitors',
  waitlistPage: 'Waitlist page',
  signups: 'Signups',
  confirmed: 'Confirmed',
}

/** One product's funnel: a bar per step, its count and the share of the step before. */
function ProductFunnel({ funnel }: { funnel: Funnel }) {
  const max = Math.max(1, ...funnel.steps.map((step) => step.count))
  const color = SERIES_COLORS[PRODUCTS.indexOf(funnel.product) % SERIES_COLORS.length]
  return (
    <Card>
      <h3>{labelOf(funnel.product, LABELS.product)}</h3>
      <Steps aria-label={`Funnel ${funnel.product}`}>
        {funnel.steps.map((step, index) => {
          const previous = funnel.steps[index - 1]
          return (
            <li key={step.step}>
              <span>{STEP_LABELS[step.step]}</span>
              <strong>{step.count}</strong>
              <Share title={step.percent === null ? undefined : 'Of the step before'}>
                {step.percent === null ? '' : previous.count > 0 ? `${step.percent}%` : '—'}
              </Share>
              <Track>
                <Fill style={{ width: `${(step.count / max) * 100}%`, background: color }} />
              </Track>
            </li>
          )
        })}
      </Steps>
    </Card>
  )
}

/** Page view → waitlist page → signup → confirmed, for each product of the waitlist. */
export function Funnels({ funnels }: { funnels: Funnel[] }) {
  return (
    <>
      <Muted>
        Visitors are browser sessions with a page view in the range; waitlist page, those sessions
        that opened the product&apos;s waitlist page (the percentage is of the visitors); signups,
        people who joined its waitlist in the range, from any form of the site (the home page, the
        product pages, the waitlist page), so they have no percentage of the waitlist page&apos;s
        sessions; confirmed, those signups whose address is confirmed (the percentage is of the
        signups).
      </Muted>
      <Grid>
        {funnels.map((funnel) => (
          <ProductFunnel key={funnel.product} funnel={funnel} />
        ))}
      </Grid>
    </>
  )
}

const Grid = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
`
const Card = styled.div`
  display: grid;
  gap: 8px;
  align-content: start;
  padding: 12px 14px;
  border-radius: var(--style-radius-m, 8px);
  background: var(--theme-elevation-50);
  h3 {
    margin: 0;
    font-size: 0.95rem;
  }
`
const Steps = styled.ol`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    grid-template-columns: 1fr auto 3.5rem;
    gap: 2px 8px;
    align-items: baseline;
    font-size: 0.85rem;
  }
`
const Share = styled.span`
  color: var(--theme-elevation-600);
  text-align: right;
`
const Track = styled.div`
  grid-column: 1 / -1;
  height: 10px;
  border-radius: 5px;
  background: var(--theme-elevation-100);
`
const Fill = styled.div`
  height: 100%;
  border-radius: 5px;
`
