'use client'

import { Container, Heading, Section } from '../ui'

/** The home page's shop block (section id "shop"). */
export function ShopSection() {
  return (
    <Section id="shop" aria-labelledby="shop-heading">
      <Container>
        <Heading id="shop-heading">Shop</Heading>
      </Container>
    </Section>
  )
}
