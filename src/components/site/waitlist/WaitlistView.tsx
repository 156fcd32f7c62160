'use client'

import { useSearchParams } from 'next/navigation'
import { useEffect } from 'react'

import { trackAnalytics, trackEngagement } from '@/components/site/tracking/tracker'

import { REFERRAL_CODE_PATTERN } from '@/lib/constants'

import { Card, Centered, Container, Eyebrow, Lead, Page, Section, Title } from '../ui'
import { WAITLIST_PAGE_PRODUCTS, type WaitlistPageProduct, waitlistProduct } from './products'
import styles from './WaitlistView.module.css'
import { WaitlistForm } from './WaitlistForm'

/** The page for one product: headline, blurb and the form. */
export function WaitlistView({
  product,
  referralCode,
}: {
  product: WaitlistPageProduct
  referralCode?: string
}) {
  const copy = WAITLIST_PAGE_PRODUCTS[product]
  return (
    <Page>
      <Section>
        <Container $narrow>
          <Centered>
            <Eyebrow>{copy.label}</Eyebrow>
            <Title>{copy.headline}</Title>
            <Lead>{copy.blurb}</Lead>
          </Centered>
          <Card className={styles.formCard}>
            {referralCode && (
              <p className={styles.invited}>A friend invited you to this waitlist.</p>
            )}
            <WaitlistForm key={product} product={product} referralCode={referralCode} />
          </Card>
          <p className={styles.note}>
            We only write about what you joined for. Unsubscribe at any time.
          </p>
        </Container>
      </Section>
    </Page>
  )
}

/**
 * Reads `?product=` in the browser and sends the page-load events of spec §7 once. The server
 * renders the page's product as the fallback: the default on `/waitlist`, the product on the
 * per-product page the proxy serves for a known `?product=`.
 */
export function WaitlistFromQuery({ pageProduct }: { pageProduct?: WaitlistPageProduct }) {
  const params = useSearchParams()
  const query = params.get('product') ?? pageProduct ?? null
  const product = waitlistProduct(query)
  const ref = params.get('ref')?.trim() ?? ''
  const referralCode = REFERRAL_CODE_PATTERN.test(ref) ? ref : undefined

  useEffect(() => {
    trackAnalytics({ action: 'navigate', category: 'waitlist_action', label: 'waitlist-page-load' })
    if (query !== product) return
    const { label, attributes } = WAITLIST_PAGE_PRODUCTS[product]
    trackAnalytics({
      action: 'explore',
      category: 'waitlist_action',
      label: 'product-specific-engagement',
    })
    trackEngagement('page_view', {
      event: 'product-specific-engagement',
      product,
      productName: label,
      ...attributes,
    })
  }, [query, product])

  return <WaitlistView product={product} referralCode={referralCode} />
}
