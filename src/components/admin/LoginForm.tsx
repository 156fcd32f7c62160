'use client'

import { type FormEvent, useState } from 'react'
import styled from 'styled-components'

import { ApiError } from '@/lib/api-client'
import { adminLoginSchema } from '@/schemas/admin'
import type { SecondFactorProof } from '@/schemas/second-factor'

import { apiFetch } from './api'
import { Logo } from './brand/Logo'
import { notifyError, notifySuccess } from './notify'
import { RecoveryCodes } from './second-factor/RecoveryCodes'
import { type SecondFactorChallenge, SecondFactorSignIn } from './second-factor/SecondFactorSignIn'
import { Button, ErrorText, Input, Label } from './ui'
import { StyledComponentsRegistry } from './StyledComponentsRegistry'

/** How long the welcome notice shows before the dashboard opens. */
export const WELCOME_DELAY_MS = 1200

export function LoginForm() {
  return (
    <StyledComponentsRegistry>
      <SignIn />
    </StyledComponentsRegistry>
  )
}

type Credentials = { username: string; password: string }

/** The second step's challenge, when the server asks for one, from an error's body. */
const challengeOf = (error: ApiError): SecondFactorChallenge | undefined => {
  try {
    return (JSON.parse(error.body) as { secondFactor?: SecondFactorChallenge }).secondFactor
  } catch {
    return undefined
  }
}

/** A full load, so Payload's admin renders with the new session. */
// eslint-disable-next-line @next/next/no-location-assign-relative-destination
const openDashboard = () => window.location.assign('/admin')

function SignIn() {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [isPending, setPending] = useState(false)
  // After a right password that needs a second factor: what to ask for (decision 0210).
  const [second, setSecond] = useState<{
    credentials: Credentials
    challenge: SecondFactorChallenge
  }>()
  const [secondError, setSecondError] = useState<string>()
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>()

  const send = async (credentials: Credentials, secondFactor?: SecondFactorProof) => {
    setPending(true)
    try {
      const answer = await apiFetch<{ message: string; recoveryCodes?: string[] }>(
        '/api/admin/login',
        { body: { ...credentials, ...(secondFactor ? { secondFactor } : {}) } },
      )
      notifySuccess('Login Successful', answer.message)
      // A second factor set up just now: its recovery codes stay on screen until read.
      if (answer.recoveryCodes) {
        setRecoveryCodes(answer.recoveryCodes)
        setPending(false)
        return
      }
      setTimeout(openDashboard, WELCOME_DELAY_MS)
    } catch (error) {
      setPending(false)
      const challenge = error instanceof ApiError && error.status === 401 && challengeOf(error)
      if (challenge) {
        setSecondError(undefined)
        setSecond({ credentials, challenge })
        return
      }
      if (secondFactor && error instanceof ApiError && error.status === 401) {
        setSecondError(error.serverMessage ?? 'That code was not accepted.')
        return
      }
      if (error instanceof ApiError) notifyError('Login Failed', error, 'Invalid credentials')
      else notifyError('Login Error', undefined, 'Failed to connect to server')
    }
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = adminLoginSchema.safeParse({
      username: form.get('username'),
      password: form.get('password'),
    })
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])),
      )
      return
    }
    setErrors({})
    await send({ username: parsed.data.username, password: parsed.data.password })
  }

  if (recoveryCodes)
    return (
      <Card>
        <Logo />
        <h1>Your second factor is set up</h1>
        <RecoveryCodes codes={recoveryCodes} />
        <Button variant="primary" onClick={openDashboard}>
          I have saved my recovery codes
        </Button>
      </Card>
    )

  return (
    <Card>
      <Close href="/about" aria-label="Close">
        ×
      </Close>
      <Logo />
      <h1>Admin sign in</h1>
      {second ? (
        <SecondFactorSignIn
          challenge={second.challenge}
          error={secondError}
          pending={isPending}
          onProof={(proof) => void send(second.credentials, proof)}
        />
      ) : (
        <form onSubmit={submit} noValidate>
          <Label>
            Username
            <Input
              name="username"
              autoComplete="username"
              required
              aria-invalid={!!errors.username}
            />
            {errors.username && <ErrorText>{errors.username}</ErrorText>}
          </Label>
          <Label>
            Password
            <Input
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={!!errors.password}
            />
            {errors.password && <ErrorText>{errors.password}</ErrorText>}
          </Label>
          <Button type="submit" variant="primary" disabled={isPending}>
            {isPending ? 'Signing In...' : 'Sign In'}
          </Button>
        </form>
      )}
    </Card>
  )
}

const Card = styled.div`
  position: relative;
  display: grid;
  gap: 16px;
  width: min(420px, 100%);
  margin: 0 auto;
  padding: 28px 24px;
  border: 1px solid rgba(255, 255, 255, 0.14);
  border-radius: 16px;
  background: rgba(255, 255, 255, 0.06);
  box-shadow: 0 20px 60px rgba(7, 6, 26, 0.6);
  h1 {
    margin: 0;
    font-size: 1.4rem;
  }
  form {
    display: grid;
    gap: 14px;
  }
`

const Close = styled.a`
  position: absolute;
  top: 12px;
  right: 12px;
  display: grid;
  place-items: center;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  background: var(--theme-elevation-100);
  color: var(--theme-text);
  font-size: 1.4rem;
  text-decoration: none;
`
