'use client'

import styled from 'styled-components'

import { Muted } from '../ui'

/** Ten recovery codes, shown once: the server keeps only their hashes. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Box role="region" aria-label="Recovery codes">
      <strong>Your recovery codes</strong>
      <Muted>
        Each code signs you in once if you lose your app or passkey. Keep them somewhere safe: they
        are shown only now.
      </Muted>
      <Codes>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </Codes>
    </Box>
  )
}

const Box = styled.div`
  display: grid;
  gap: 8px;
  padding: 12px;
  border: 1px solid var(--theme-warning-500, #d9a400);
  border-radius: 8px;
`

const Codes = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, max-content);
  gap: 4px 24px;
  margin: 0;
  padding: 0;
  list-style: none;
  code {
    font-size: 1rem;
  }
`
