'use client'

import { type KeyboardEvent, useState } from 'react'
import styled from 'styled-components'

import { Button, ErrorText, Input, Label, Muted } from '../ui'

export type TotpEnrolment = { ticket: string; uri: string; qr: string; secret: string }

/**
 * A new authenticator app: the QR code (drawn by the server as SVG, no outside service), the key
 * to type instead, and the six digits that confirm it.
 */
export function TotpSetup({
  enrolment,
  onConfirm,
  error,
  pending,
}: {
  enrolment: TotpEnrolment
  onConfirm: (code: string) => void
  error?: string
  pending?: boolean
}) {
  const [code, setCode] = useState('')
  const confirm = () => onConfirm(code.trim())
  // No form of its own: on the account page it sits inside Payload's form, which Enter must not send.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    confirm()
  }
  return (
    <Setup>
      <Muted>
        Scan this code with an authenticator app (such as 1Password, Google Authenticator or Aegis),
        then enter the six digits it shows.
      </Muted>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: address drawn by the server */}
      <img src={enrolment.qr} alt="QR code for your authenticator app" width={180} height={180} />
      <details>
        <summary>Cannot scan? Enter this key instead</summary>
        <Key data-testid="totp-secret">{enrolment.secret.match(/.{1,4}/g)?.join(' ')}</Key>
      </details>
      <Label>
        Code from the app
        <Input
          name="totp-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={!!error}
        />
        {error && <ErrorText>{error}</ErrorText>}
      </Label>
      <Button type="button" variant="primary" disabled={pending} onClick={confirm}>
        {pending ? 'Checking...' : 'Confirm app'}
      </Button>
    </Setup>
  )
}

const Setup = styled.div`
  display: grid;
  gap: 12px;
  img {
    justify-self: center;
    padding: 8px;
    border-radius: 8px;
    background: #fff;
  }
  summary {
    cursor: pointer;
  }
`

const Key = styled.code`
  display: block;
  margin-top: 6px;
  font-size: 1rem;
  letter-spacing: 0.05em;
  overflow-wrap: anywhere;
`
