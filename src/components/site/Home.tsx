'use client'

import Link from 'next/link'
import styled from 'styled-components'

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 2rem;
  text-align: center;
  color: #f4f1ff;
  background: radial-gradient(circle at 30% 20%, #3b2a7a 0%, #120a2e 55%, #05030f 100%);
  font-family: system-ui, sans-serif;
`

const Title = styled.h1`
  font-size: clamp(2.2rem, 6vw, 4rem);
  margin: 0 0 0.5rem;
`

const Tagline = styled.p`
  font-size: 1.25rem;
  color: #cbbcff;
`

const Button = styled(Link)`
  display: inline-block;
  margin-top: 1.5rem;
  padding: 0.8rem 1.6rem;
  border-radius: 999px;
  background: linear-gradient(90deg, #f5b642, #ec6fcf);
  color: #120a2e;
  font-weight: 700;
  text-decoration: none;
`

export function Home({ tagline }: { tagline: string }) {
  return (
    <Page>
      <div>
        <Title>Starfinity</Title>
        <Tagline>{tagline}</Tagline>
        <Button href="/waitlist">Join Waitlist</Button>
      </div>
    </Page>
  )
}
