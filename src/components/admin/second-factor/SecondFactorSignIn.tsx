'use client'

import { startAuthentication } from '@simplewebauthn/browser'
import { type FormEvent, useState } from 'react'
import styled from 'styled-components'

import type { SecondFactorProof } from '@/schemas/second-factor'

import { Button, ErrorText, Input, Label, Muted } from '../ui'
import { type TotpEnrolment, TotpSetup } from './TotpSetup'

/** What the server answered to a right password that needs a second step (decision 0210). */
export type SecondFactorChallenge =
  | { secondFactor: 'enrol'; totp: TotpEnrolment }
  | {
      secondFactor: 'required'
      methods: { totp: boolean; passkey: boolean; recovery: boolean }
      passkey?: {
        ticket: string
        options: Parameters<typeof startAuthentication>[0]['optionsJSON']
      }
    }

/** The sign-in's second step: a code (app or recovery), a passkey, or setting up an app. */
export function SecondFactorSignIn({
  challenge,
  onProof,
  error,
  pending,
}: {
  challenge: SecondFactorChallenge
  onProof: (proof: SecondFactorProof) => void
  error?: string
  pending: boolean
}) {
  const [code, setCode] = useState('')
  const [passkeyError, setPasskeyError] = useState<string>()

  if (challenge.secondFactor === 'enrol')
    return (
      <Step>
        <h2>Set up a second factor</h2>
        <Muted>Admin accounts sign in with a second factor. Set one up to continue.</Muted>
        <TotpSetup
          enrolment={challenge.totp}
          pending={pending}
          error={error}
          onConfirm={(typed) => onProof({ enrol: { ticket: challenge.totp.ticket, code: typed } })}
        />
      </Step>
    )

  const usePasskey = async () => {
    if (!challenge.passkey) return
    setPasskeyError(undefined)
    try {
      const response = await startAuthentication({ optionsJSON: challenge.passkey.options })
      onProof({ passkey: { ticket: challenge.passkey.ticket, response: { ...response } } })
    } catch {
      setPasskeyError('The passkey was not used. Try again, or enter a code.')
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (code.trim()) onProof({ code: code.trim() })
  }
  return (
    <Step>
      <h2>Confirm it is you</h2>
      {challenge.passkey && (
        <Button variant="primary" onClick={usePasskey} disabled={pending}>
          Use a passkey
        </Button>
      )}
      {passkeyError && <ErrorText>{passkeyError}</ErrorText>}
      <form onSubmit={submit} noValidate>
        <Label>
          {challenge.methods.totp
            ? 'Code from your authenticator app or a recovery code'
            : 'Recovery code'}
          <Input
            name="second-factor-code"
            autoComplete="one-time-code"
            autoFocus={!challenge.passkey}
            maxLength={32}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={!!error}
          />
          {error && <ErrorText>{error}</ErrorText>}
        </Label>
        <Button
          type="submit"
          variant={challenge.passkey ? 'secondary' : 'primary'}
          disabled={pending}
        >
          {pending ? 'Checking...' : 'Verify'}
        </Button>
      </form>
    </Step>
  )
}

const Step = styled.div`
  display: grid;
  gap: 14px;
  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
  form {
    display: grid;
    gap: 14px;
  }
`
